"""The pricing gateway: one client per tenant, one shared cache, quotes for order lines."""

from cachetools import LRUCache

from clients import TenantClient


class PricingGateway:
    def __init__(self, db, cache_size=256):
        self._db = db
        self._cache = LRUCache(maxsize=cache_size)
        self._clients = {}

    def client_for(self, tenant):
        if tenant not in self._clients:
            self._clients[tenant] = TenantClient(tenant, self._db, self._cache)
        return self._clients[tenant]

    def quote(self, tenant, lines, warehouse="central"):
        """{"lines": [(sku, qty, total)], "total", "backorder": [sku...]}"""
        client = self.client_for(tenant)
        out, total, backorder = [], 0, []
        for sku, qty in lines:
            line_total = client.line_total(sku, qty)
            out.append((sku, qty, line_total))
            total += line_total
            if client.availability(sku, warehouse) < qty:
                backorder.append(sku)
        return {"lines": out, "total": total, "backorder": backorder}

    def cache_info(self):
        return {"entries": self._cache.currsize, "max": self._cache.maxsize}
