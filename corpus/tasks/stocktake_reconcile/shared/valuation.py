"""Puts a money value on stock and on stocktake differences, for the finance sign-off."""

from decimal import Decimal

UNIT_COST = {"bolt": Decimal("0.12"), "nut": Decimal("0.05"), "washer": Decimal("0.02"),
             "pen": Decimal("0.80"), "pad": Decimal("1.50")}


class MissingCost(KeyError):
    def __str__(self):
        return f"no unit cost recorded for {self.args[0]!r}; add it to UNIT_COST"


def unit_cost(sku):
    if sku not in UNIT_COST:
        raise MissingCost(sku)
    return UNIT_COST[sku]


def stock_value(warehouse):
    return sum((unit_cost(sku) * warehouse.book_quantity(sku) for sku in warehouse.skus()), Decimal("0"))


def write_off(discrepancies):
    """Money lost to missing stock (surpluses are not booked as gains)."""
    return sum((unit_cost(d.sku) * -d.difference for d in discrepancies if d.difference < 0), Decimal("0"))


def sign_off_needed(discrepancies, threshold=Decimal("50")):
    return write_off(discrepancies) >= threshold
