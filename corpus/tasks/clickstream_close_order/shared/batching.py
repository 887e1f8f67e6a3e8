"""Size- and key-based batching of click events before upload."""

import threading


class Batcher:
    def __init__(self, size, on_batch):
        if size < 1:
            raise ValueError(f"batch size must be at least 1, got {size}")
        self._size = size
        self._on_batch = on_batch
        self._items = []
        self._lock = threading.Lock()
        self.batches = 0

    def add(self, item):
        with self._lock:
            self._items.append(item)
            if len(self._items) < self._size:
                return
            batch, self._items = self._items, []
            self.batches += 1
        self._on_batch(batch)

    def flush(self):
        with self._lock:
            batch, self._items = self._items, []
            if batch:
                self.batches += 1
        if batch:
            self._on_batch(batch)

    def pending(self):
        with self._lock:
            return len(self._items)
