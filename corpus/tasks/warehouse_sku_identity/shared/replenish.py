"""Returns put back on the shelf, and the buyers' weekly restock list."""

from math import ceil


def book_returns(catalog, inventory, returns):
    """returns: [(sku text from the returns form, quantity)] -> labels booked back into stock."""
    booked = []
    for text, quantity in returns:
        sku = catalog.sku(text)
        if catalog.product(sku) is None:
            raise KeyError(f"returned item {text!r} is not in the catalogue")
        inventory.receive(sku, quantity)
        booked.append(sku.label())
    return booked


def restock_list(catalog, inventory, minimum, pack_size=25):
    """Products whose available stock is under ``minimum``: (label, packs to order)."""
    rows = []
    for sku in sorted(catalog.products, key=lambda s: s.label()):
        short = minimum - inventory.available(sku)
        if short > 0:
            rows.append((sku.label(), ceil(short / pack_size)))
    return rows
