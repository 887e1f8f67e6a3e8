"""Loyalty points: 0.1 point per euro spent (more on bonus days); points pay for free drinks."""

MILLIPOINTS_PER_CENT = 1


class InsufficientPoints(ValueError):
    pass


class PointsLedger:
    def __init__(self, member):
        self.member = member
        self._millipoints = 0
        self.history = []

    @property
    def balance(self):
        return self._millipoints / 1000

    def earn(self, day, amount_cents, multiplier=1):
        if amount_cents <= 0:
            raise ValueError(f"{self.member}: a purchase must be positive, got {amount_cents} cents")
        millipoints = amount_cents * MILLIPOINTS_PER_CENT * multiplier
        self._millipoints += millipoints
        self.history.append((day, "earn", millipoints / 1000))
        return millipoints / 1000

    def redeem(self, day, points):
        millipoints = round(points * 1000)
        if millipoints > self._millipoints:
            raise InsufficientPoints(f"{self.member} has {self.balance:.1f} points, needs {points:.1f}")
        self._millipoints -= millipoints
        self.history.append((day, "redeem", -points))
