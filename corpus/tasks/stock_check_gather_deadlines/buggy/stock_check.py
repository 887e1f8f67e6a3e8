"""Ask every warehouse for its stock of one SKU at once; slow or broken warehouses are left out."""

import asyncio
from dataclasses import dataclass, field

from deadlines import DeadlineTimers


@dataclass
class StockReport:
    sku: str
    levels: dict = field(default_factory=dict)
    unavailable: dict = field(default_factory=dict)


async def check_stock(warehouses, sku, deadline_s=0.5):
    timers = DeadlineTimers()
    lookups = [timers.start(w.level(sku), deadline_s, w.name) for w in warehouses]
    try:
        results = await asyncio.gather(*lookups, return_exceptions=True)
    finally:
        timers.stop()
    report = StockReport(sku)
    for warehouse, result in zip(warehouses, results):
        if isinstance(result, Exception):
            report.unavailable[warehouse.name] = f"{type(result).__name__}: {result}"
        else:
            report.levels[warehouse.name] = result
    return report
