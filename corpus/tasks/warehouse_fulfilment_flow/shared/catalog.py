"""Product master data: prices in cents, tax class, and where each product is shelved."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Product:
    sku: str
    name: str
    price_cents: int
    tax_class: str
    aisle: int
    shelf: str


PRODUCTS = {
    p.sku: p
    for p in [
        Product("TEA", "Assam tea 250g", 650, "food", 7, "B"),
        Product("MUG", "Stoneware mug", 1200, "standard", 2, "A"),
        Product("POT", "Glass teapot", 3400, "standard", 2, "C"),
        Product("HONEY", "Wildflower honey", 890, "food", 7, "A"),
        Product("BOOK", "Tea cookbook", 2500, "books", 11, "D"),
        Product("TRAY", "Bamboo tray", 1800, "standard", 5, "A"),
    ]
}

TAX_RATES = {
    "UK": {"standard": 0.20, "food": 0.0, "books": 0.0},
    "DE": {"standard": 0.19, "food": 0.07, "books": 0.07},
    "FR": {"standard": 0.20, "food": 0.055, "books": 0.055},
}


class UnknownProduct(KeyError):
    def __str__(self):
        return f"unknown SKU {self.args[0]!r}; known: {', '.join(sorted(PRODUCTS))}"


def product(sku):
    try:
        return PRODUCTS[sku]
    except KeyError:
        raise UnknownProduct(sku) from None
