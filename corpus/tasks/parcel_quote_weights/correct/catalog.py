from units import to_grams

CATALOG = {
    "KETTLE": {"name": "Kettle", "weight": "1.4kg"},
    "MUG": {"name": "Mug", "weight": "350g"},
    "BOOK": {"name": "Cookbook", "weight": "1.5lb"},
    "TEA": {"name": "Loose tea", "weight": "8oz"},
}


class UnknownSku(KeyError):
    pass


def listed_weight(sku):
    """The shipping weight printed in the catalog, as a number."""
    if sku not in CATALOG:
        raise UnknownSku(f"unknown SKU {sku!r}")
    return to_grams(CATALOG[sku]["weight"])
