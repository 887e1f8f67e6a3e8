"""Shopping carts keyed by visitor, priced in the visitor's currency."""

RATES = {"USD": 1.0, "EUR": 0.9, "GBP": 0.8}


class UnknownItem(KeyError):
    pass


class Cart:
    def __init__(self, prices):
        self.prices = prices
        self.lines = {}

    def add(self, item, quantity=1):
        if item not in self.prices:
            raise UnknownItem(item)
        if quantity < 1:
            raise ValueError(f"quantity must be at least 1, got {quantity}")
        self.lines[item] = self.lines.get(item, 0) + quantity

    def total(self, currency="USD"):
        if currency not in RATES:
            raise ValueError(f"unsupported currency {currency!r}; use one of {', '.join(RATES)}")
        usd = sum(self.prices[item] * qty for item, qty in self.lines.items())
        return round(usd * RATES[currency], 2)

    def summary(self, currency="USD"):
        return {"items": dict(sorted(self.lines.items())), "total": self.total(currency), "currency": currency}


class CartStore:
    def __init__(self, prices):
        self.prices = prices
        self._carts = {}

    def for_visitor(self, visitor):
        if visitor not in self._carts:
            self._carts[visitor] = Cart(self.prices)
        return self._carts[visitor]
