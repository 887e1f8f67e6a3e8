"""One manual clock shared by the lock server, the network and the workers."""


class ManualClock:
    def __init__(self):
        self._now = 0.0

    def now(self):
        return self._now

    def advance(self, seconds):
        if seconds < 0:
            raise ValueError("time does not run backwards")
        self._now += seconds
