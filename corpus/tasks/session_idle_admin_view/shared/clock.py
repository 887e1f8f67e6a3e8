"""A manual clock: an afternoon of idle sessions passes instantly in tests."""


class ManualClock:
    def __init__(self, start=0.0):
        self._now = start

    def now(self):
        return self._now

    def advance(self, seconds):
        self._now += seconds
