"""Server-side methods of the stock service exposed over RPC."""


class StockBackend:
    def __init__(self, stock=None):
        self.stock = dict(stock or {})
        self.reservations = {}
        self._next = 1

    async def level(self, sku):
        if sku not in self.stock:
            raise KeyError(f"unknown sku {sku!r}")
        return self.stock[sku]

    async def reserve(self, sku, quantity):
        available = await self.level(sku)
        if quantity > available:
            raise ValueError(f"only {available} of {sku} available")
        self.stock[sku] = available - quantity
        reservation = f"r{self._next}"
        self._next += 1
        self.reservations[reservation] = (sku, quantity)
        return reservation

    async def cancel(self, reservation):
        sku, quantity = self.reservations.pop(reservation)
        self.stock[sku] += quantity
        return self.stock[sku]

    def methods(self):
        return {"stock.level": self.level, "stock.reserve": self.reserve, "stock.cancel": self.cancel}
