"""A manual clock: a build step 'takes' its time by moving the clock forward."""


class ManualClock:
    def __init__(self):
        self._now = 0.0

    def now(self):
        return self._now

    def advance(self, seconds):
        if seconds < 0:
            raise ValueError("time does not run backwards")
        self._now += seconds
