"""A clock the tests move by hand."""


class StepClock:
    def __init__(self, start=100.0):
        self._now = float(start)

    def now(self):
        return self._now

    def advance(self, seconds):
        self._now += seconds
