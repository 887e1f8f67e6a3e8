"""Dashboard tiles: one per (region, month), built from cached sales rows."""

from dataclasses import dataclass

from sales_store import TransientError

ATTEMPTS = 3


@dataclass(frozen=True)
class Tile:
    region: str
    month: str
    orders: int
    units: int
    revenue_cents: int
    best_seller: str


class TileUnavailable(Exception):
    pass


def load_rows(cache, region, month):
    last = None
    for _ in range(ATTEMPTS):
        try:
            return cache.rows_for(region, month)
        except TransientError as exc:
            last = exc
    raise TileUnavailable(f"tile {region}/{month}: store failed {ATTEMPTS} times ({last})")


def build_tile(cache, region, month):
    rows = load_rows(cache, region, month)
    units_by_product = {}
    for sale in rows:
        units_by_product[sale.product] = units_by_product.get(sale.product, 0) + sale.units
    best = max(sorted(units_by_product), key=units_by_product.get) if units_by_product else "-"
    return Tile(region, month, len(rows), sum(s.units for s in rows), sum(s.cents for s in rows), best)


def render(tile):
    euros = f"{tile.revenue_cents // 100:,}.{tile.revenue_cents % 100:02d}"
    return f"{tile.region.title()} {tile.month}: {tile.orders} orders, {tile.units} units, EUR {euros}, top {tile.best_seller}"


def previous_month(month):
    year, number = (int(part) for part in month.split("-"))
    return f"{year - 1}-12" if number == 1 else f"{year}-{number - 1:02d}"


def growth(cache, region, month):
    """Revenue change against the previous month, in whole percent (None without a baseline)."""
    now = build_tile(cache, region, month).revenue_cents
    before = build_tile(cache, region, previous_month(month)).revenue_cents
    if before == 0:
        return None
    return round((now - before) * 100 / before)


def dashboard(cache, regions, month):
    return [render(build_tile(cache, region, month)) for region in regions]
