"""Wishlists: customers ask to hear when a product drops below a price of their choosing."""

from shop import NAMES, show


class Wishlist:
    def __init__(self, cache):
        self.cache = cache
        self.wishes = []

    def add(self, customer, sku, below_cents):
        if sku not in NAMES:
            raise KeyError(f"cannot watch unknown product {sku!r}")
        self.wishes.append((customer, sku, below_cents))

    def due(self):
        """One message per wish whose current price, for that customer, is below the wished price."""
        messages = []
        for customer, sku, below_cents in self.wishes:
            cents = self.cache.price(sku, customer.currency, customer.group)
            if cents < below_cents:
                messages.append(f"{customer.name}: {NAMES[sku]} now {show(cents, customer.currency)}")
        return sorted(messages)
