"""Checkout: can the whole basket ship? One stock check per line, run side by side."""

import asyncio

from availability import can_fulfil
from stock_check import check_stock


class BasketError(ValueError):
    pass


async def check_basket(warehouses, basket, deadline_s=0.5):
    """basket: {sku: quantity}. Returns {sku: (ok, plan)} in basket order."""
    for sku, quantity in basket.items():
        if not isinstance(quantity, int) or quantity < 1:
            raise BasketError(f"quantity of {sku!r} must be a whole number of at least 1, got {quantity!r}")
    reports = await asyncio.gather(*(check_stock(warehouses, sku, deadline_s) for sku in basket))
    return {report.sku: can_fulfil(report, basket[report.sku]) for report in reports}


def shortfalls(verdicts):
    return sorted(sku for sku, (ok, _plan) in verdicts.items() if not ok)
