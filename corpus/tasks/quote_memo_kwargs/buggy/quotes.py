from dataclasses import dataclass

from catalog import DECIMALS, unit_price

TIERS = [(100, 0.15), (20, 0.10), (5, 0.05)]


def discount_for(quantity):
    for threshold, rate in TIERS:
        if quantity >= threshold:
            return rate
    return 0.0


@dataclass
class QuoteLine:
    sku: str
    quantity: int
    unit: float
    discount: float
    total: float


def quote_line(sku, quantity, currency="USD"):
    if quantity <= 0:
        raise ValueError(f"quantity for {sku} must be positive, got {quantity}")
    unit = unit_price(sku, currency=currency)
    rate = discount_for(quantity)
    total = round(unit * quantity * (1 - rate), DECIMALS[currency])
    return QuoteLine(sku, quantity, unit, rate, total)


def quote(order, currency="USD"):
    lines = [quote_line(sku, qty, currency) for sku, qty in order.items()]
    return lines, round(sum(line.total for line in lines), DECIMALS[currency])
