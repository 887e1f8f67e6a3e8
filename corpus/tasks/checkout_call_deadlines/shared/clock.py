"""Time as the checkout sees it. Tests use the manual clock; services 'take' time by advancing it."""


class ManualClock:
    def __init__(self, start=0.0):
        self._now = start

    def now(self):
        return self._now

    def advance(self, seconds):
        if seconds < 0:
            raise ValueError("time does not run backwards")
        self._now += seconds
