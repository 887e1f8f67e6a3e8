"""A small time-limited memo for the comfort model, which is slow to evaluate."""

import time


class Memo:
    def __init__(self, fn, ttl=300.0, clock=time.monotonic, max_entries=1024):
        self.fn, self.ttl, self._clock, self.max_entries = fn, ttl, clock, max_entries
        self._entries = {}  # fingerprint of the arguments -> (value, stored_at)
        self.hits = self.misses = 0

    @staticmethod
    def _fingerprint(args, kwargs):
        return hash((args, tuple(sorted(kwargs.items()))))

    def __call__(self, *args, **kwargs):
        fingerprint = self._fingerprint(args, kwargs)
        entry = self._entries.get(fingerprint)
        now = self._clock()
        if entry is not None and now - entry[1] < self.ttl:
            self.hits += 1
            return entry[0]
        self.misses += 1
        value = self.fn(*args, **kwargs)
        if fingerprint not in self._entries and len(self._entries) >= self.max_entries:
            self._entries.pop(next(iter(self._entries)))
        self._entries[fingerprint] = (value, now)
        return value

    def invalidate(self, *args, **kwargs):
        self._entries.pop(self._fingerprint(args, kwargs), None)

    def clear(self):
        self._entries.clear()
