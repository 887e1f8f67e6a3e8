"""The garden centre's price list (prices in cents, VAT class per product)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Product:
    sku: str
    name: str
    category: str
    price_cents: int
    vat: str = "standard"


PRODUCTS = {p.sku: p for p in [
    Product("TRW", "Trowel", "tools", 1000),
    Product("SEC", "Secateurs", "tools", 2450),
    Product("GLV", "Gloves", "clothing", 899),
    Product("SDT", "Tomato seeds", "seeds", 250, vat="reduced"),
    Product("SDB", "Basil seeds", "seeds", 199, vat="reduced"),
    Product("CMP", "Compost 40L", "soil", 650, vat="reduced"),
]}

VAT_RATES = {"standard": 0.20, "reduced": 0.05}


def lookup(sku):
    try:
        return PRODUCTS[sku.upper()]
    except KeyError:
        raise KeyError(f"unknown SKU {sku!r}; the price list has {', '.join(sorted(PRODUCTS))}") from None
