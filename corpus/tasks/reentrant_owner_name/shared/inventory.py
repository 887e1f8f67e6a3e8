"""Stock levels guarded by one re-entrant lock, so compound operations can call simple ones."""

from reentrant import OwnedLock


class Inventory:
    def __init__(self, stock):
        self.stock = dict(stock)
        self.lock = OwnedLock("inventory")

    def take(self, sku, quantity):
        with self.lock:
            if self.stock.get(sku, 0) < quantity:
                raise ValueError(f"only {self.stock.get(sku, 0)} of {sku} left")
            self.stock[sku] -= quantity

    def put(self, sku, quantity):
        with self.lock:
            self.stock[sku] = self.stock.get(sku, 0) + quantity

    def swap(self, give, take, quantity):
        with self.lock:
            self.take(take, quantity)
            self.put(give, quantity)
