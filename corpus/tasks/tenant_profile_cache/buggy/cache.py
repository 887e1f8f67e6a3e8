"""Process-wide read-through caches, one namespace per repository, with a simple clock-based TTL."""

import itertools

_CACHES = {}
_clock = itertools.count()


def tick():
    return next(_clock)


class Namespace:
    def __init__(self, ttl):
        self.ttl = ttl
        self.entries = {}

    def get(self, key):
        entry = self.entries.get(key)
        if entry is None:
            return None
        value, stored_at = entry
        if tick() - stored_at > self.ttl:
            del self.entries[key]
            return None
        return value

    def put(self, key, value):
        self.entries[key] = (value, tick())

    def drop(self, key):
        self.entries.pop(key, None)


def namespace(name, ttl=100):
    if name not in _CACHES:
        _CACHES[name] = Namespace(ttl)
    return _CACHES[name]


def reset_all():
    _CACHES.clear()
