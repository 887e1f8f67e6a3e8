"""Destinations for batched writes."""

import asyncio


class MemorySink:
    """Keeps every batch it receives; ``gate`` (an asyncio.Event) can hold writes back, like a slow disk."""

    def __init__(self, gate=None):
        self.batches = []
        self.gate = gate
        self.writing = asyncio.Event()
        self._changed = asyncio.Condition()

    async def write(self, batch):
        self.writing.set()
        if self.gate is not None:
            await self.gate.wait()
        async with self._changed:
            self.batches.append(list(batch))
            self._changed.notify_all()
        self.writing.clear()

    def items(self):
        return [item for batch in self.batches for item in batch]

    async def wait_for_items(self, count):
        async with self._changed:
            await self._changed.wait_for(lambda: len(self.items()) >= count)
        return self.items()
