"""Connections to the inventory service. A connection whose request did not finish cleanly is
in an unknown state and must be thrown away, never handed to the next request."""

import itertools


class Connection:
    def __init__(self, backend, number):
        self.backend = backend
        self.number = number

    async def request(self, sku):
        return await self.backend.request(sku)


class Pool:
    def __init__(self, backend):
        self.backend = backend
        self._idle = []
        self._numbers = itertools.count(1)
        self.in_use = 0
        self.discarded = 0

    async def acquire(self):
        self.in_use += 1
        return self._idle.pop() if self._idle else Connection(self.backend, next(self._numbers))

    def release(self, connection):
        self.in_use -= 1
        self._idle.append(connection)

    def discard(self, connection):
        self.in_use -= 1
        self.discarded += 1
