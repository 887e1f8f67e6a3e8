"""Warehouse stock APIs as the shop sees them. Tests decide how each one behaves."""

import asyncio


class Warehouse:
    def __init__(self, name, stock, gate=None, failure=None):
        self.name = name
        self.stock = dict(stock)
        self.gate = gate
        self.failure = failure
        self.asked = []

    async def level(self, sku):
        self.asked.append(sku)
        if self.gate is not None:
            await self.gate.wait()
        await asyncio.sleep(0)
        if self.failure is not None:
            raise self.failure
        return self.stock.get(sku, 0)
