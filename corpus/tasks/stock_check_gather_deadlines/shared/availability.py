"""What the product page and the checkout make of a stock report."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Availability:
    sku: str
    total: int
    label: str
    ship_from: tuple


def total(report):
    return sum(report.levels.values())


def availability(report, low_stock=5):
    units = total(report)
    if units == 0:
        label = "unknown" if report.unavailable else "sold out"
    elif units <= low_stock:
        label = f"only {units} left"
    else:
        label = "in stock"
    ship_from = tuple(name for name, level in sorted(report.levels.items(), key=lambda kv: -kv[1]) if level)
    return Availability(report.sku, units, label, ship_from)


def can_fulfil(report, quantity):
    """Whether ``quantity`` units can ship, and from which warehouses (largest stock first)."""
    needed, plan = quantity, []
    for name in availability(report).ship_from:
        if needed <= 0:
            break
        take = min(needed, report.levels[name])
        plan.append((name, take))
        needed -= take
    return needed <= 0, plan
