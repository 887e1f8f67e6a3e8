"""Loyalty points: 0.1 point per euro spent (more on bonus days); points pay for free drinks."""

POINTS_PER_EURO = 0.1


class InsufficientPoints(ValueError):
    pass


class PointsLedger:
    def __init__(self, member):
        self.member = member
        self.balance = 0.0
        self.history = []

    def earn(self, day, amount_cents, multiplier=1):
        if amount_cents <= 0:
            raise ValueError(f"{self.member}: a purchase must be positive, got {amount_cents} cents")
        points = amount_cents / 100 * POINTS_PER_EURO * multiplier
        self.balance += points
        self.history.append((day, "earn", points))
        return points

    def redeem(self, day, points):
        if points > self.balance:
            raise InsufficientPoints(f"{self.member} has {self.balance:.1f} points, needs {points:.1f}")
        self.balance -= points
        self.history.append((day, "redeem", -points))
