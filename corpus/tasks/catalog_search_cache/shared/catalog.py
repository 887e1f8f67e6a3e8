"""The product catalog and its (cached) search."""

from cachetools import LRUCache, cached
from cachetools.keys import hashkey

PRODUCTS = [
    {"sku": "T-100", "name": "cotton tee", "colour": "red", "size": "M", "price": 15},
    {"sku": "T-101", "name": "cotton tee", "colour": "blue", "size": "L", "price": 15},
    {"sku": "H-200", "name": "wool hoodie", "colour": "red", "size": "L", "price": 49},
    {"sku": "H-201", "name": "wool hoodie", "colour": "green", "size": "M", "price": 49},
    {"sku": "S-300", "name": "rain shell", "colour": "blue", "size": "S", "price": 89},
]

search_cache = LRUCache(maxsize=256)
CALLS = {"search": 0}


@cached(search_cache, key=hashkey)
def search(text, colour=None, size=None, max_price=None):
    """Products whose name contains ``text``; colour and size may be one value or several."""
    CALLS["search"] += 1
    colours = _as_set(colour)
    sizes = _as_set(size)
    hits = []
    for product in PRODUCTS:
        if text and text not in product["name"]:
            continue
        if colours and product["colour"] not in colours:
            continue
        if sizes and product["size"] not in sizes:
            continue
        if max_price is not None and product["price"] > max_price:
            continue
        hits.append(product["sku"])
    return tuple(hits)


def _as_set(value):
    if value is None:
        return set()
    if isinstance(value, str):
        return {value}
    return set(value)
