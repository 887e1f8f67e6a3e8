"""Per-tenant pricing clients. The database is slow, so answers are memoized in one bounded LRU cache
that all clients of a gateway share (cachetools)."""

import operator

from cachetools import cachedmethod
from cachetools.keys import hashkey


def tenant_key(kind):
    """Cache keys for the shared cache: cachetools' default method key leaves out ``self``, so the
    tenant (and which method) must be part of the key explicitly."""
    def key(self, *args, **kwargs):
        return hashkey(kind, self.tenant, *args, **kwargs)
    return key


class TenantClient:
    def __init__(self, tenant, db, cache):
        self.tenant = tenant
        self._db = db
        self._cache = cache

    @cachedmethod(operator.attrgetter("_cache"), key=tenant_key("price"))
    def price(self, sku):
        return self._db.price(self.tenant, sku)

    @cachedmethod(operator.attrgetter("_cache"), key=tenant_key("availability"))
    def availability(self, sku, warehouse):
        return self._db.stock(self.tenant, sku, warehouse)

    def line_total(self, sku, qty):
        if qty <= 0:
            raise ValueError(f"quantity must be positive, got {qty}")
        return self.price(sku) * qty
