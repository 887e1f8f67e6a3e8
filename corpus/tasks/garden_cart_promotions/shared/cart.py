"""The shopping cart. Every change re-prices the whole cart so promotions stay current."""

from dataclasses import dataclass, field

from catalog import lookup
from promotions import apply_promotions


@dataclass
class CartLine:
    product: object
    quantity: int
    list_cents: int
    unit_cents: int
    badges: list = field(default_factory=list)

    @property
    def total_cents(self):
        return self.unit_cents * self.quantity


class Cart:
    def __init__(self, rules=(), today=None):
        self.rules = list(rules)
        self.today = today
        self.lines = []

    def add(self, sku, quantity=1):
        if quantity < 1:
            raise ValueError(f"quantity for {sku} must be at least 1, got {quantity}")
        product = lookup(sku)
        for line in self.lines:
            if line.product.sku == product.sku:
                line.quantity += quantity
                break
        else:
            self.lines.append(CartLine(product, quantity, product.price_cents, product.price_cents))
        self.reprice()

    def set_quantity(self, sku, quantity):
        line = self._line(sku)
        if quantity <= 0:
            self.lines.remove(line)
        else:
            line.quantity = quantity
        self.reprice()

    def reprice(self):
        apply_promotions(self.lines, self.rules, self.today)

    def _line(self, sku):
        for line in self.lines:
            if line.product.sku == sku.upper():
                return line
        raise KeyError(f"{sku} is not in the cart")
