"""A manual clock: a night of reconnect attempts passes in microseconds of test time."""


class ManualClock:
    def __init__(self):
        self._now = 0.0

    def now(self):
        return self._now

    def sleep(self, seconds):
        if seconds < 0:
            raise ValueError(f"cannot sleep {seconds}s")
        self._now += seconds
