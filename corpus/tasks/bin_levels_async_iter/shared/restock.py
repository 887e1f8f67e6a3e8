"""The nightly restock run: top up every low bin from the supplier."""

import asyncio


class Supplier:
    def __init__(self, available):
        self.available = dict(available)
        self.shipped = []

    async def ship(self, bin_id, wanted):
        await asyncio.sleep(0)
        quantity = min(wanted, self.available.get(bin_id, 0))
        self.available[bin_id] = self.available.get(bin_id, 0) - quantity
        self.shipped.append((bin_id, quantity))
        return quantity


async def restock(registry, supplier, threshold, target):
    """Bring every bin below threshold up to target (as far as the supplier can); returns the new levels."""
    topped_up = {}
    async for bin_id, level in registry.low_stock(threshold):
        quantity = await supplier.ship(bin_id, target - level)
        if quantity:
            topped_up[bin_id] = await registry.adjust(bin_id, quantity, "restock")
    return topped_up
