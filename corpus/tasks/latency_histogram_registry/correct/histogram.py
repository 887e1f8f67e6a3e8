"""A latency histogram with fixed bucket bounds in milliseconds (the last bucket is +Inf)."""

import bisect


class Histogram:
    bounds = (10, 50, 100, 500)

    def __init__(self, name):
        self.name = name
        self.counts = [0] * (len(self.bounds) + 1)
        self.total = 0
        self.sum_ms = 0.0

    def observe(self, ms):
        if ms < 0:
            raise ValueError(f"{self.name}: latency cannot be negative ({ms} ms)")
        self.counts[bisect.bisect_left(self.bounds, ms)] += 1
        self.total += 1
        self.sum_ms += ms

    def cumulative(self):
        out, running = [], 0
        for count in self.counts:
            running += count
            out.append(running)
        return out

    def percentile_bound(self, fraction):
        """The smallest bucket bound below which at least `fraction` of observations fall."""
        if not self.total:
            return None
        needed = fraction * self.total
        for bound, seen in zip(self.bounds + (float("inf"),), self.cumulative()):
            if seen >= needed:
                return bound
        return float("inf")
