"""Stock on hand per SKU, and reservations made by confirmed orders."""

from collections import defaultdict


class Inventory:
    def __init__(self):
        self.stock = defaultdict(int)
        self.reserved = defaultdict(int)

    def receive(self, sku, quantity):
        if quantity <= 0:
            raise ValueError(f"received quantity must be positive, got {quantity}")
        self.stock[sku] += quantity

    def available(self, sku):
        return self.stock.get(sku, 0) - self.reserved.get(sku, 0)

    def reserve(self, sku, quantity):
        if quantity > self.available(sku):
            raise ValueError(f"only {self.available(sku)} of {sku.label()} available")
        self.reserved[sku] += quantity
