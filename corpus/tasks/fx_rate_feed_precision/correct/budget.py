"""A travel card with a monthly limit in the base currency."""

from decimal import Decimal


class LimitExceeded(Exception):
    pass


class TravelCard:
    def __init__(self, converter, monthly_limit):
        self.converter = converter
        self.limit = Decimal(monthly_limit)
        self.spent = Decimal("0")
        self.history = []

    def charge(self, amount, currency):
        cost = self.converter.to_base(amount, currency)
        if self.spent + cost > self.limit:
            raise LimitExceeded(
                f"charge of {amount} {currency} ({cost} {self.converter.base}) would pass the "
                f"limit: {self.spent} of {self.limit} already spent")
        self.spent += cost
        self.history.append((amount, currency, cost))
        return cost

    def remaining(self):
        return self.limit - self.spent
