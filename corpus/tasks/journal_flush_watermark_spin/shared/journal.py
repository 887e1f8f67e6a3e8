"""Order event journal: records get sequence numbers, are flushed in batches, and callers can wait
until their record is durable."""

import threading
import time


class MemoryStorage:
    def __init__(self, before_write=None):
        self.segments = {}
        self._before_write = before_write
        self._lock = threading.Lock()

    def write(self, start, batch):
        if self._before_write is not None:
            self._before_write(start)
        with self._lock:
            self.segments[start] = [record for _, record in batch]

    def records(self):
        with self._lock:
            return [r for start in sorted(self.segments) for r in self.segments[start]]


class Journal:
    def __init__(self, flush_pool, watermark, batch_size=3):
        self._pool = flush_pool
        self._watermark = watermark
        self._batch_size = batch_size
        self._buffer = []
        self._seq = 0
        self._lock = threading.Lock()
        self.spins = 0

    def append(self, record):
        with self._lock:
            self._seq += 1
            self._buffer.append((self._seq, record))
            if len(self._buffer) >= self._batch_size:
                self._flush_locked()
            return self._seq

    def flush(self):
        with self._lock:
            self._flush_locked()

    def _flush_locked(self):
        if self._buffer:
            batch, self._buffer = self._buffer, []
            self._pool.submit(batch)

    def wait_durable(self, seq):
        """Busy-wait (the journal sits on a latency-critical path) until ``seq`` is on disk."""
        self.flush()
        while self._watermark.value < seq:
            self.spins += 1
            time.sleep(0)
        return self._watermark.value
