"""Stock levels per warehouse bin. Changes go through the journal first, under one lock, so two
concurrent adjustments of the same bin cannot overwrite each other."""

import asyncio

from journal import Entry, Journal


class StockError(ValueError):
    pass


class BinRegistry:
    def __init__(self, levels, journal=None):
        self._levels = dict(levels)
        self._lock = asyncio.Lock()
        self.journal = journal or Journal()

    def level(self, bin_id):
        if bin_id not in self._levels:
            raise StockError(f"unknown bin {bin_id!r}")
        return self._levels[bin_id]

    async def adjust(self, bin_id, delta, reason):
        async with self._lock:
            level = self.level(bin_id) + delta
            if level < 0:
                raise StockError(f"bin {bin_id!r} holds {self._levels[bin_id]}, cannot take {-delta}")
            await self.journal.write(Entry(bin_id, delta, level, reason))
            self._levels[bin_id] = level
            return level

    async def transfer(self, source, target, quantity):
        await self.adjust(source, -quantity, f"transfer to {target}")
        await self.adjust(target, quantity, f"transfer from {source}")

    async def low_stock(self, threshold):
        """(bin, level) for every bin below threshold, in bin order."""
        async with self._lock:
            for bin_id, level in sorted(self._levels.items()):
                if level < threshold:
                    yield bin_id, level

    async def history(self, bin_id):
        async with self._lock:
            for entry in self.journal.entries:
                if entry.bin_id == bin_id:
                    yield entry
