"""A unit of work over the record store: stage writes, then commit them together on exit.

    async with UnitOfWork(store) as uow:
        uow.put("c:ann@example.org", {...})

Leaving the block normally commits; leaving it with an exception discards the staged writes.
"""


class UnitOfWork:
    def __init__(self, store):
        self.store = store
        self._staged = {}
        self.state = "open"
        self.written = 0

    def put(self, key, value):
        if self.state != "open":
            raise RuntimeError(f"unit of work is {self.state}; start a new one")
        self._staged[key] = (self._staged.get(key, (self.store.version(key), None))[0], value)

    def staged(self):
        return sorted(self._staged)

    async def commit(self):
        written = await self.store.apply([(key, v, value) for key, (v, value) in self._staged.items()])
        self.state, self.written = "committed", written
        self.store.audit.append(("committed", written))
        return written

    async def rollback(self):
        discarded = len(self._staged)
        self._staged.clear()
        self.state = "rolled back"
        return discarded

    async def __aenter__(self):
        return self

    async def __aexit__(self, exc_type, exc, tb):
        try:
            if exc_type is None:
                await self.commit()
        finally:
            if self.state == "open":
                discarded = await self.rollback()
                self.store.audit.append(("rolled back", discarded))
                return discarded
