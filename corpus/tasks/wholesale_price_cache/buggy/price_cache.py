"""Prices as shown in the shop, cached: computing them costs a database query each."""

from catalog_db import RATES, net_price


class PriceCache:
    def __init__(self, db):
        self._db = db
        self._entries = {}
        self.hits = 0
        self.misses = 0

    @staticmethod
    def _key(sku, currency):
        return (sku, currency)

    def price(self, sku, currency="EUR", group="retail"):
        key = self._key(sku, currency)
        if key in self._entries:
            self.hits += 1
            return self._entries[key]
        self.misses += 1
        cents = net_price(self._db.list_price(sku), group, currency)
        self._entries[key] = cents
        return cents

    def warm(self, skus, currencies=("EUR",), group="retail"):
        for sku in skus:
            for currency in currencies:
                self.price(sku, currency, group)

    def invalidate(self, sku):
        for currency in RATES:
            self._entries.pop(self._key(sku, currency), None)
