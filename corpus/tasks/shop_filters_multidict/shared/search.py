"""Apply filters to the catalogue and return one page of results."""

from query import page_window

PRODUCTS = [
    {"sku": "T-01", "title": "Linen shirt", "colour": "blue", "size": "M", "brand": "Nord", "price": 49.0},
    {"sku": "T-02", "title": "Linen shirt", "colour": "red", "size": "S", "brand": "Nord", "price": 49.0},
    {"sku": "T-03", "title": "Wool jumper", "colour": "red", "size": "XS", "brand": "Fjell", "price": 89.0},
    {"sku": "T-04", "title": "Wool jumper", "colour": "green", "size": "L", "brand": "Fjell", "price": 95.0},
    {"sku": "T-05", "title": "Rain jacket", "colour": "yellow", "size": "M", "brand": "Kyst", "price": 140.0},
    {"sku": "T-06", "title": "Cotton tee", "colour": "blue", "size": "XL", "brand": "Kyst", "price": 19.0},
]


def matches(product, flt):
    actual = product[flt.field]
    if flt.op == "in":
        values = flt.value
        return actual in values
    if flt.op == ">=":
        return actual >= flt.value
    if flt.op == "<=":
        return actual <= flt.value
    if flt.op == "contains":
        return flt.value in actual.lower()
    raise ValueError(f"unknown filter operator {flt.op!r}")


def search(params, filters, products=PRODUCTS):
    hits = [p for p in products if all(matches(p, f) for f in filters)]
    if params["sort"] == "price":
        hits.sort(key=lambda p: (p["price"], p["sku"]))
    start, end = page_window(params)
    return {"total": len(hits), "skus": [p["sku"] for p in hits[start:end]]}
