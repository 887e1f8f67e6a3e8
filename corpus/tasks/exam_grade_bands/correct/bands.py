"""Equal-width bands over a range of results, e.g. ten bands of 10% from 0 to 100%."""

from fractions import Fraction


class Bands:
    def __init__(self, low=0, high=1, count=10):
        if count < 1 or not low < high:
            raise ValueError(f"bands need low < high and at least one band, got {low}..{high} in {count}")
        self.low = Fraction(low)
        self.high = Fraction(high)
        self.count = count
        self.width = (self.high - self.low) / count

    def index(self, value):
        if not self.low <= value <= self.high:
            raise ValueError(f"{float(value):.3f} is outside {float(self.low)}..{float(self.high)}")
        position = (Fraction(value) - self.low) / self.width
        return min(int(position), self.count - 1)

    def lower_edge(self, index):
        return float(self.low + index * self.width)

    def histogram(self, values):
        counts = [0] * self.count
        for value in values:
            counts[self.index(value)] += 1
        return counts
