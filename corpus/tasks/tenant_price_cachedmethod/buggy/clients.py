"""Per-tenant pricing clients. The database is slow, so answers are memoized in one bounded LRU cache
that all clients of a gateway share (cachetools)."""

import operator

from cachetools import cachedmethod


class TenantClient:
    def __init__(self, tenant, db, cache):
        self.tenant = tenant
        self._db = db
        self._cache = cache

    @cachedmethod(operator.attrgetter("_cache"))
    def price(self, sku):
        return self._db.price(self.tenant, sku)

    @cachedmethod(operator.attrgetter("_cache"))
    def availability(self, sku, warehouse):
        return self._db.stock(self.tenant, sku, warehouse)

    def line_total(self, sku, qty):
        if qty <= 0:
            raise ValueError(f"quantity must be positive, got {qty}")
        return self.price(sku) * qty
