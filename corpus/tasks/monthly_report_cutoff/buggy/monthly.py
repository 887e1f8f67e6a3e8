"""The monthly sales report: totals per region and the month's best day."""

from periods import month_bounds


def monthly_report(log, month):
    first, last = month_bounds(month)
    sales = log.between(first, last)
    by_region, by_day = {}, {}
    for sale in sales:
        by_region[sale.region] = by_region.get(sale.region, 0) + sale.cents
        day = sale.at.date().isoformat()
        by_day[day] = by_day.get(day, 0) + sale.cents
    best_day = max(sorted(by_day), key=by_day.get) if by_day else None
    return {"month": month, "count": len(sales), "regions": dict(sorted(by_region.items())),
            "total": sum(by_region.values()), "best_day": best_day}
