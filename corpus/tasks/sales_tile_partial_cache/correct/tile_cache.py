"""A small LRU cache of (region, month) -> sales rows in front of the sales store.

Entries older than ``ttl_s`` are read again from the store."""

import time
from collections import OrderedDict
from dataclasses import dataclass


@dataclass
class Entry:
    rows: list
    loaded_at: float


class TileCache:
    def __init__(self, store, capacity=4, page_size=3, ttl_s=300.0, clock=time.monotonic):
        self._store = store
        self._entries = OrderedDict()
        self._clock = clock
        self.capacity = capacity
        self.page_size = page_size
        self.ttl_s = ttl_s
        self.hits = 0
        self.misses = 0

    def rows_for(self, region, month):
        key = (region, month)
        entry = self._entries.get(key)
        if entry is not None and self._clock() - entry.loaded_at < self.ttl_s:
            self._entries.move_to_end(key)
            self.hits += 1
            return entry.rows
        self.misses += 1
        started = self._clock()
        rows = []
        page = 0
        while True:
            batch = self._store.fetch(region, month, page=page, size=self.page_size)
            rows.extend(batch)
            if len(batch) < self.page_size:
                break
            page += 1
        self._keep(key, Entry(rows, started))
        return rows

    def invalidate(self, region, month=None):
        for key in [k for k in self._entries if k[0] == region and month in (None, k[1])]:
            del self._entries[key]

    def _keep(self, key, entry):
        self._entries.pop(key, None)
        while len(self._entries) >= self.capacity:
            self._entries.popitem(last=False)
        self._entries[key] = entry
