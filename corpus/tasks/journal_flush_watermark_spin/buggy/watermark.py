"""Durability watermark: the highest sequence number below which every record is on disk.

Flush batches finish in any order; a batch that finishes early is parked until the gap before it
closes, so the watermark never claims a record that is still in flight.
"""

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
            if start != self._next:
                self._parked.append((start, end))
                return
            self._next = end
            while self._parked and self._parked[0][0] == self._next:
                self._next = self._parked.pop(0)[1]

    def parked(self):
        with self._lock:
            return list(self._parked)
