import asyncio

from backend import InventoryBackend
from gateway import product_page
from inventory import InventoryClient
from pool import Pool

STOCK = {"kettle": 4, "mug": 0, "teapot": 12}


def storefront(script=None, attempt_timeout_s=0.2):
    backend = InventoryBackend(STOCK, script)
    pool = Pool(backend)
    return InventoryClient(pool, attempts=3, attempt_timeout_s=attempt_timeout_s), pool, backend


def test_a_product_page_shows_price_and_stock():
    client, pool, backend = storefront()
    page = asyncio.run(product_page(client, "kettle"))
    assert page == (200, {"sku": "kettle", "price_cents": 3990, "in_stock": True, "level": 4})
    assert (pool.in_use, pool.discarded) == (0, 0)
    assert backend.requests == ["kettle"]


def test_unknown_products_are_not_found():
    client, _, backend = storefront()
    assert asyncio.run(product_page(client, "spoon")) == (404, {"error": "no product 'spoon'"})
    assert backend.requests == []


def test_connections_are_reused_between_requests():
    async def main():
        client, pool, _ = storefront()
        pages = [await product_page(client, sku) for sku in ("mug", "teapot", "mug")]
        return [body["in_stock"] for _, body in pages], len(pool._idle), pool.in_use
    assert asyncio.run(main()) == ([False, True, False], 1, 0)


def test_a_dropped_request_is_tried_again():
    client, pool, backend = storefront({"teapot": ["refuse", "hang", "answer"]}, attempt_timeout_s=0.02)
    status, body = asyncio.run(product_page(client, "teapot", deadline_s=1.0))
    assert (status, body["level"]) == (200, 12)
    assert (len(backend.requests), pool.discarded, pool.in_use) == (3, 2, 0)


def test_an_inventory_outage_is_reported_after_the_last_attempt():
    client, pool, backend = storefront({"mug": ["refuse"]})
    status, body = asyncio.run(product_page(client, "mug"))
    assert status == 502
    assert body["error"].startswith("inventory unavailable: mug: attempt 1: ConnectionRefusedError")
    assert (len(backend.requests), pool.in_use) == (3, 0)


def test_the_page_deadline_stops_a_hanging_inventory_call():
    client, pool, backend = storefront({"kettle": ["hang"]}, attempt_timeout_s=0.2)
    page = asyncio.run(product_page(client, "kettle", deadline_s=0.05))
    assert page == (504, {"error": "deadline of 0.05s exceeded"})
    assert (len(backend.requests), pool.in_use, pool.discarded) == (1, 0, 1)


def test_a_category_page_shows_every_product_it_can():
    from gateway import category_page

    client, pool, backend = storefront({"teapot": ["refuse"]})
    tiles = asyncio.run(category_page(client, ["kettle", "mug", "spoon", "teapot"]))
    assert tiles == [
        {"sku": "kettle", "price": "39.90", "badge": "in stock"},
        {"sku": "mug", "price": "12.00", "badge": "sold out"},
        {"sku": "teapot", "price": "24.50", "badge": None},
    ]
    assert (backend.requests.count("teapot"), pool.in_use) == (3, 0)


def test_a_category_waits_out_one_slow_attempt():
    from gateway import category_page

    client, pool, backend = storefront({"mug": ["hang", "answer"]}, attempt_timeout_s=0.02)
    tiles = asyncio.run(category_page(client, ["mug", "teapot"], deadline_s=1.0))
    assert [tile["badge"] for tile in tiles] == ["sold out", "in stock"]
    assert (backend.requests, pool.discarded) == (["mug", "teapot", "mug"], 1)
