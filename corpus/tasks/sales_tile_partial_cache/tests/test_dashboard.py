import pytest
from dashboard import TileUnavailable, build_tile, dashboard, growth, render
from sales_store import Sale, SalesStore, TransientError
from tile_cache import TileCache


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class DeadStore(SalesStore):
    def fetch(self, region, month, page, size):
        self.requests.append((region, month, page))
        raise TransientError("no route to host")


def sales():
    rows = []
    for i, (product, units, cents) in enumerate([
            ("kettle", 2, 5998), ("toaster", 1, 3450), ("kettle", 1, 2999), ("mug", 6, 2340),
            ("toaster", 2, 6900), ("mug", 4, 1560), ("kettle", 3, 8997)]):
        rows.append(Sale("north", "2025-03", product, units, cents))
    rows += [Sale("south", "2025-03", "mug", 10, 3900), Sale("south", "2025-03", "kettle", 1, 2999)]
    rows += [Sale("north", "2025-02", "toaster", 1, 3450)]
    return rows


def test_tile_sums_every_page():
    tile = build_tile(TileCache(SalesStore(sales())), "north", "2025-03")
    assert (tile.orders, tile.units, tile.revenue_cents, tile.best_seller) == (7, 19, 32244, "mug")


def test_second_view_is_served_from_cache():
    store = SalesStore(sales())
    cache = TileCache(store)
    first = dashboard(cache, ["north", "south"], "2025-03")
    assert dashboard(cache, ["north", "south"], "2025-03") == first
    assert (cache.hits, cache.misses, len(store.requests)) == (2, 2, 4)
    assert first[1] == "South 2025-03: 2 orders, 11 units, EUR 68.99, top mug"


def test_dropped_page_is_retried_and_the_tile_is_complete():
    store = SalesStore(sales(), flaky_pages=[("north", "2025-03", 1)])
    tile = build_tile(TileCache(store), "north", "2025-03")
    assert render(tile) == "North 2025-03: 7 orders, 19 units, EUR 322.44, top mug"


def test_retry_after_a_dropped_page_reads_the_store_again():
    store = SalesStore(sales(), flaky_pages=[("north", "2025-03", 2)])
    cache = TileCache(store)
    build_tile(cache, "north", "2025-03")
    assert store.requests.count(("north", "2025-03", 0)) == 2
    assert cache.misses == 2


def test_store_down_for_good_is_reported():
    store = DeadStore(sales())
    with pytest.raises(TileUnavailable, match="south/2025-03: store failed 3 times"):
        build_tile(TileCache(store), "south", "2025-03")
    assert len(store.requests) == 3


def test_growth_against_last_month_after_a_dropped_page():
    store = SalesStore(sales(), flaky_pages=[("north", "2025-03", 2)])
    assert growth(TileCache(store), "north", "2025-03") == 835


def test_expired_tile_is_read_again():
    clock = Clock()
    store = SalesStore(sales())
    cache = TileCache(store, ttl_s=60, clock=clock)
    build_tile(cache, "south", "2025-03")
    clock.now += 30
    build_tile(cache, "south", "2025-03")
    clock.now += 31
    store.record(Sale("south", "2025-03", "kettle", 1, 2999))
    assert build_tile(cache, "south", "2025-03").orders == 3
    assert (cache.hits, cache.misses) == (1, 2)


def test_least_recently_used_tile_is_dropped():
    store = SalesStore(sales())
    cache = TileCache(store, capacity=2)
    cache.rows_for("north", "2025-03")
    cache.rows_for("south", "2025-03")
    cache.rows_for("north", "2025-03")
    cache.rows_for("north", "2025-02")
    cache.rows_for("south", "2025-03")
    assert cache.misses == 4


def test_new_sale_shows_after_invalidation():
    store = SalesStore(sales())
    cache = TileCache(store)
    build_tile(cache, "south", "2025-03")
    store.record(Sale("south", "2025-03", "toaster", 5, 17250))
    cache.invalidate("south")
    assert build_tile(cache, "south", "2025-03").best_seller == "mug"
    assert build_tile(cache, "south", "2025-03").revenue_cents == 3900 + 2999 + 17250


def test_render_groups_thousands_and_handles_empty_months():
    store = SalesStore([Sale("east", "2025-03", "oven", 3, 1234567)])
    cache = TileCache(store)
    assert dashboard(cache, ["east", "west"], "2025-03") == [
        "East 2025-03: 1 orders, 3 units, EUR 12,345.67, top oven",
        "West 2025-03: 0 orders, 0 units, EUR 0.00, top -"]
    assert growth(cache, "east", "2025-03") is None
