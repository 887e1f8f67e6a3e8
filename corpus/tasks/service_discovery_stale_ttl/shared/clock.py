"""Test time for discovery: starts at zero seconds and only moves when a test says so."""


class ManualClock:
    def __init__(self, start=0.0):
        self._seconds = float(start)

    def now(self):
        return self._seconds

    def advance(self, seconds):
        if seconds < 0:
            raise ValueError("time only moves forward")
        self._seconds = self._seconds + seconds
