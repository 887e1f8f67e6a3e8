"""The product catalogue, loaded from the buyers' CSV ('sku,name,price')."""

from dataclasses import dataclass
from decimal import Decimal

from skus import Sku


@dataclass(frozen=True)
class Product:
    sku: Sku
    name: str
    price: Decimal


class Catalog:
    def __init__(self, csv_text):
        self.products = {}
        self._by_text = {}
        for line in csv_text.strip().splitlines()[1:]:
            text, name, price = (part.strip() for part in line.split(","))
            sku = Sku.parse(text)
            self.products[sku] = Product(sku, name, Decimal(price))
            self._by_text[text] = sku

    def sku(self, text):
        """The catalogue's SKU for a spelling, reusing the object loaded from the CSV when the text
        matches the CSV exactly."""
        return self._by_text.get(text) or Sku.parse(text)

    def product(self, sku):
        return self.products.get(sku)
