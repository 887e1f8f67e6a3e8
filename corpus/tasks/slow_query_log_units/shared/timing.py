"""Timing queries. Nanoseconds from a monotonic counter: no float rounding, no clock jumps."""

import time


class Stopwatch:
    def __init__(self, clock_ns=time.perf_counter_ns):
        self.clock_ns = clock_ns
        self.started_ns = None
        self.elapsed_ns = None

    def __enter__(self):
        self.started_ns = self.clock_ns()
        return self

    def __exit__(self, *exc):
        self.elapsed_ns = self.clock_ns() - self.started_ns
        return False


class FakeNanoClock:
    """For tests: time moves only when a query 'costs' something."""

    def __init__(self):
        self.now_ns = 0

    def __call__(self):
        return self.now_ns

    def spend_ms(self, ms):
        self.now_ns += int(ms * 1_000_000)
