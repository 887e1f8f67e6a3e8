"""The slow-query log: statements slower than the threshold are kept (with literals masked) for
the weekly performance review, and every statement lands in a latency histogram."""

import re
from collections import Counter, deque
from dataclasses import dataclass

BUCKETS_MS = (10, 50, 200, 1000)
LITERALS = re.compile(r"'[^']*'|\b\d+\b")


@dataclass(frozen=True)
class SlowQuery:
    sql: str
    elapsed_ms: float


def normalize(sql):
    return LITERALS.sub("?", " ".join(sql.split()))


def bucket_for(ms):
    for edge in BUCKETS_MS:
        if ms < edge:
            return f"<{edge}ms"
    return f">={BUCKETS_MS[-1]}ms"


class SlowQueryLog:
    def __init__(self, threshold_ms=200.0, keep=100):
        self.threshold_ms = threshold_ms
        self.entries = deque(maxlen=keep)
        self.histogram = Counter()
        self.count = 0
        self.total_ms = 0.0

    def record(self, sql, elapsed):
        """Account one finished statement, timed by the database's stopwatch."""
        self.count += 1
        self.total_ms += elapsed
        self.histogram[bucket_for(elapsed)] += 1
        if elapsed < self.threshold_ms:
            return False
        self.entries.append(SlowQuery(normalize(sql), round(elapsed, 1)))
        return True

    def mean_ms(self):
        return round(self.total_ms / self.count, 2) if self.count else 0.0
