"""A clock the tests can move by hand."""


class ManualClock:
    def __init__(self, start=1000.0):
        self._now = float(start)

    def now(self):
        return self._now

    def advance(self, seconds):
        self._now += seconds
