"""The storefront API: GET /products/<sku>. Every request has a deadline for the whole response."""

import asyncio

from inventory import InventoryUnavailable

PRICES = {"kettle": 3990, "mug": 1200, "teapot": 2450}


async def product_page(client, sku, deadline_s=0.5):
    """-> (status, body)"""
    if sku not in PRICES:
        return 404, {"error": f"no product {sku!r}"}
    try:
        async with asyncio.timeout(deadline_s):
            level = await client.stock(sku)
    except TimeoutError:
        return 504, {"error": f"deadline of {deadline_s:g}s exceeded"}
    except InventoryUnavailable as exc:
        return 502, {"error": f"inventory unavailable: {exc}"}
    return 200, {"sku": sku, "price_cents": PRICES[sku], "in_stock": level > 0, "level": level}


async def category_page(client, skus, deadline_s=0.5):
    """GET /categories/<name>: every product of the category, each with its own status, loaded
    side by side; a product the inventory cannot answer for is shown without a stock badge."""
    pages = await asyncio.gather(*(product_page(client, sku, deadline_s) for sku in skus))
    tiles = []
    for sku, (status, body) in zip(skus, pages):
        if status == 200:
            badge = "in stock" if body["in_stock"] else "sold out"
            tiles.append({"sku": sku, "price": f"{body['price_cents'] / 100:.2f}", "badge": badge})
        elif status != 404:
            tiles.append({"sku": sku, "price": f"{PRICES[sku] / 100:.2f}", "badge": None})
    return tiles
