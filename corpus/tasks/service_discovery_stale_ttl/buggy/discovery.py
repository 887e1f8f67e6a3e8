"""Client-side service discovery: registry answers are cached for their TTL.

When the registry does not answer, the addresses we already have are better than nothing, so a
failed refresh keeps serving them.
"""

from dataclasses import dataclass

from registry import LookupTimeout


@dataclass
class Entry:
    addresses: list
    ttl_s: float
    fetched_at: float


class Discovery:
    def __init__(self, registry, clock, retry_s=5.0):
        self.registry = registry
        self.clock = clock
        self.retry_s = retry_s
        self._entries = {}
        self.stale_served = 0

    def resolve(self, name):
        now = self.clock.now()
        entry = self._entries.get(name)
        if entry is not None and now - entry.fetched_at < entry.ttl_s:
            return entry.addresses
        if entry is not None:
            entry.fetched_at = now
        try:
            addresses, ttl_s = self.registry.lookup(name)
        except LookupTimeout:
            if entry is None:
                raise
            self.stale_served += 1
            return entry.addresses
        self._entries[name] = Entry(addresses, ttl_s, now)
        return addresses

    def status(self, name):
        """For the health page: is what we would answer for ``name`` current?"""
        entry = self._entries.get(name)
        if entry is None:
            return "unknown"
        age = self.clock.now() - entry.fetched_at
        return "fresh" if age < entry.ttl_s else "expired"

    def forget(self, name):
        self._entries.pop(name, None)
