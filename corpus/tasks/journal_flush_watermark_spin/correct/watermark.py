"""Durability watermark: the highest sequence number below which every record is on disk.

Flush batches finish in any order; a batch that finishes early is parked until the gap before it
closes, so the watermark never claims a record that is still in flight.
"""

import heapq
import threading


class Watermark:
    def __init__(self, first_seq=1):
        self._next = first_seq
        self._parked = []
        self._lock = threading.Lock()
        self.completions = 0

    @property
    def value(self):
        """Every record with seq <= value is durable."""
        return self._next - 1

    def complete(self, start, end):
        """Records start..end-1 are durable."""
        if end <= start:
            raise ValueError(f"empty or reversed batch {start}..{end}")
        with self._lock:
            self.completions += 1
            heapq.heappush(self._parked, (start, end))
            self._drain()

    def _drain(self):
        # Parked batches are kept ordered by start, whatever order they finished in.
        while self._parked and self._parked[0][0] <= self._next:
            _, end = heapq.heappop(self._parked)
            self._next = max(self._next, end)

    def parked(self):
        with self._lock:
            return sorted(self._parked)
