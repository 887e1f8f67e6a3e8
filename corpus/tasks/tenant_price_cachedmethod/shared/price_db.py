"""The pricing database: one price list per customer tenant, stock per warehouse (in memory here)."""

from decimal import Decimal


class UnknownSku(KeyError):
    pass


class PriceDB:
    def __init__(self, price_lists, stock):
        self._prices = {tenant: {sku: Decimal(p) for sku, p in prices.items()}
                        for tenant, prices in price_lists.items()}
        self._stock = stock
        self.queries = []

    def price(self, tenant, sku):
        self.queries.append(("price", tenant, sku))
        try:
            return self._prices[tenant][sku]
        except KeyError:
            raise UnknownSku(f"{sku} is not on {tenant}'s price list") from None

    def stock(self, tenant, sku, warehouse):
        self.queries.append(("stock", tenant, sku, warehouse))
        allowed = self._stock.get(warehouse, {})
        return allowed.get(sku, 0) if tenant in allowed.get("_tenants", ()) else 0
