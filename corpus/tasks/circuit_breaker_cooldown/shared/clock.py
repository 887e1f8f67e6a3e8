"""A hand-driven clock for tests."""


class TestClock:
    __test__ = False  # not a pytest test class

    def __init__(self, start=0.0):
        self._now = float(start)

    def now(self):
        return self._now

    def advance(self, seconds):
        self._now += seconds
