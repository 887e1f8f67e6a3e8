"""Marketplace sales as the order service exports them."""

from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Sale:
    order_id: str
    seller: str
    currency: str
    amount: Decimal
    at: int  # seconds since the start of the payout period


def group_by_currency(sales):
    """currency -> that currency's sales in time order (currencies in order of first appearance)."""
    groups = {}
    for sale in sales:
        groups.setdefault(sale.currency, []).append(sale)
    return {currency: sorted(group, key=lambda s: s.at) for currency, group in groups.items()}
