"""The product listing endpoint: filter, sort, paginate, and describe the page."""

from paging import paginate

PRODUCTS = [{"sku": f"P{i:03d}", "name": f"product {i}", "in_stock": i % 4 != 0} for i in range(1, 24)]


def list_products(page=1, size=10, in_stock_only=False):
    rows = [p for p in PRODUCTS if p["in_stock"] or not in_stock_only]
    result = paginate(rows, page, size)
    return {
        "page": result.number,
        "pages": result.total_pages,
        "next": result.number + 1 if result.has_next else None,
        "previous": result.number - 1 if result.has_previous else None,
        "skus": [p["sku"] for p in result.items],
    }
