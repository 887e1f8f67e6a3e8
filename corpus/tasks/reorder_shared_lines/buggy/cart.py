"""A shopping cart of lines (sku, quantity, unit price in cents)."""

from dataclasses import dataclass

from catalog import price_of


@dataclass
class Line:
    sku: str
    qty: int
    unit_price_cents: int
    order_id: int | None = None

    @property
    def subtotal_cents(self):
        return self.qty * self.unit_price_cents


class Cart:
    def __init__(self):
        self.lines = []

    def _find(self, sku):
        return next((line for line in self.lines if line.sku == sku), None)

    def add(self, sku, qty=1):
        if qty <= 0:
            raise ValueError(f"quantity must be positive, got {qty}")
        line = self._find(sku)
        if line is None:
            self.lines.append(Line(sku, qty, price_of(sku)))
        else:
            line.qty += qty

    def merge(self, lines):
        """Add previously bought lines to the cart, keeping the price they were bought at."""
        for incoming in lines:
            line = self._find(incoming.sku)
            if line is None:
                self.lines.append(incoming)
            else:
                line.qty += incoming.qty

    def set_qty(self, sku, qty):
        line = self._find(sku)
        if line is None:
            raise KeyError(f"{sku} is not in the cart")
        if qty == 0:
            self.lines.remove(line)
        else:
            line.qty = qty

    def total_cents(self):
        return sum(line.subtotal_cents for line in self.lines)

    def clear(self):
        self.lines = []
