"""A bounded cache of rendered fragments: least recently used entries go first, entries older
than ``ttl`` ticks are rendered again."""

from collections import OrderedDict
from dataclasses import dataclass


@dataclass
class Entry:
    value: str
    stored_at: int


class FragmentCache:
    def __init__(self, capacity, ttl=1000):
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, got {capacity}")
        self.capacity, self.ttl = capacity, ttl
        self._data = OrderedDict()
        self.clock = 0
        self.hits = self.misses = 0
        self.evicted = []

    def tick(self, amount=1):
        self.clock += amount

    def get(self, key):
        entry = self._data.get(key)
        if entry is None:
            self.misses += 1
            return None
        if self.clock - entry.stored_at > self.ttl:
            del self._data[key]
            self.misses += 1
            return None
        self._data.move_to_end(key)
        self.hits += 1
        return entry.value

    def put(self, key, value):
        self._data[key] = Entry(value, self.clock)
        self._data.move_to_end(key)
        while len(self._data) > self.capacity:
            oldest, _ = self._data.popitem(last=False)
            self.evicted.append(oldest)
