"""A manual clock: sleeping and waiting only move the hands, so tests take no real time."""


class ManualClock:
    def __init__(self, start=0.0):
        self._now = start
        self.slept = []

    def now(self):
        return self._now

    def sleep(self, seconds):
        self.slept.append(round(seconds, 6))
        self._now += seconds

    def spend(self, seconds):
        self._now += seconds
