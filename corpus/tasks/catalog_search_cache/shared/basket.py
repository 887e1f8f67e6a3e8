"""The shopping basket: lines priced from the catalog, discount codes, and the total."""

from dataclasses import dataclass, field

from catalog import PRODUCTS

BY_SKU = {product["sku"]: product for product in PRODUCTS}
CODES = {"WELCOME10": ("percent", 10), "FIVEOFF": ("fixed", 5)}


class BasketError(ValueError):
    pass


@dataclass
class Basket:
    lines: dict = field(default_factory=dict)  # sku -> quantity
    code: str = None

    def add(self, sku, quantity=1):
        if sku not in BY_SKU:
            raise BasketError(f"unknown product {sku!r}")
        if quantity < 1:
            raise BasketError("quantity must be at least 1")
        self.lines[sku] = self.lines.get(sku, 0) + quantity

    def apply_code(self, code):
        if code.upper() not in CODES:
            raise BasketError(f"code {code!r} is not valid")
        self.code = code.upper()

    def subtotal(self):
        return sum(BY_SKU[sku]["price"] * quantity for sku, quantity in self.lines.items())

    def total(self):
        subtotal = self.subtotal()
        if self.code is None:
            return subtotal
        kind, amount = CODES[self.code]
        discount = subtotal * amount / 100 if kind == "percent" else amount
        return round(max(0, subtotal - discount), 2)
