"""Web-shop orders: lines arrive as text, are priced from the catalogue and reserved in stock."""

from dataclasses import dataclass, field
from decimal import Decimal


@dataclass
class OrderResult:
    reserved: list = field(default_factory=list)       # (label, quantity, line total)
    backordered: list = field(default_factory=list)    # (label, quantity)
    unknown: list = field(default_factory=list)        # texts not in the catalogue

    @property
    def total(self):
        return sum((t for _, _, t in self.reserved), Decimal("0"))


def place_order(catalog, inventory, lines):
    """lines: [(sku text as typed in the shop, quantity)]."""
    result = OrderResult()
    for text, quantity in lines:
        sku = catalog.sku(text)
        product = catalog.product(sku)
        if product is None:
            result.unknown.append(text)
            continue
        if inventory.available(sku) >= quantity:
            inventory.reserve(sku, quantity)
            result.reserved.append((sku.label(), quantity, product.price * quantity))
        else:
            result.backordered.append((sku.label(), quantity))
    return result
