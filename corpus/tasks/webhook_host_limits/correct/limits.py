"""Per-receiver limits: at most ``per_host`` deliveries in flight to one receiver, and a pause
after it answers 429 Too Many Requests."""

import asyncio
import time
from contextlib import asynccontextmanager

from urls import origin


class HostLimiter:
    def __init__(self, per_host=2, clock=time.monotonic):
        self.per_host = per_host
        self.clock = clock
        self._slots = {}
        self._paused_until = {}

    @asynccontextmanager
    async def slot(self, url):
        # Keyed by origin: the same receiver is often written with and without its default port.
        semaphore = self._slots.setdefault(origin(url), asyncio.Semaphore(self.per_host))
        async with semaphore:
            yield

    def pause(self, url, seconds):
        key = origin(url)
        self._paused_until[key] = max(self._paused_until.get(key, 0), self.clock() + seconds)

    def paused_for(self, url):
        until = self._paused_until.get(origin(url))
        return 0 if until is None else max(0.0, until - self.clock())

    def in_flight(self):
        return {host: self.per_host - slot._value for host, slot in sorted(self._slots.items())}
