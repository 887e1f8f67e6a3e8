"""The catalogue database: list prices in euro cents, per customer group discounts, FX rates."""

GROUP_DISCOUNT_PERCENT = {"retail": 0, "trade": 15, "wholesale": 30}
RATES = {"EUR": 1.0, "GBP": 0.85, "USD": 1.08, "SEK": 11.2}


class CatalogDb:
    def __init__(self, prices):
        self._prices = dict(prices)
        self.queries = 0

    def list_price(self, sku):
        self.queries += 1
        try:
            return self._prices[sku]
        except KeyError:
            raise KeyError(f"no price for {sku!r}") from None

    def set_price(self, sku, cents):
        if cents <= 0:
            raise ValueError(f"{sku}: price must be positive, got {cents}")
        self._prices[sku] = cents


def net_price(list_cents, group, currency):
    if group not in GROUP_DISCOUNT_PERCENT:
        raise KeyError(f"unknown customer group {group!r}; use one of {', '.join(GROUP_DISCOUNT_PERCENT)}")
    if currency not in RATES:
        raise KeyError(f"no exchange rate for {currency}")
    discounted = list_cents * (100 - GROUP_DISCOUNT_PERCENT[group]) // 100
    return round(discounted * RATES[currency])
