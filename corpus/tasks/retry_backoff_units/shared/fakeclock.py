"""A clock for tests: sleeping moves time forward instantly and is recorded."""


class FakeClock:
    def __init__(self, start=0.0):
        self._now = float(start)
        self.sleeps = []

    def now(self):
        return self._now

    def sleep(self, seconds):
        if seconds < 0:
            raise ValueError(f"cannot sleep a negative time ({seconds})")
        self.sleeps.append(seconds)
        self._now += seconds
