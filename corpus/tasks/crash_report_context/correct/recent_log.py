"""Keep the last lines an application logged, for crash reports."""

from ring import Ring


class RecentLog:
    def __init__(self, capacity=50):
        self.ring = Ring(capacity)
        self.counter = 0

    def log(self, level, message):
        self.counter += 1
        self.ring.push(f"#{self.counter} {level.upper()}: {message}")

    def last(self, n):
        return self.ring.tail(n)
