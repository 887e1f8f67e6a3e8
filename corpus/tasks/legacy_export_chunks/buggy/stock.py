"""Stock levels per SKU from a mainframe export."""

from export_format import read_export
from table import rows


def stock_levels(text):
    columns, cells = read_export(text)
    levels = {}
    for row in rows(columns, cells):
        levels[row["sku"]] = levels.get(row["sku"], 0) + row["qty"]
    return dict(sorted(levels.items()))


def low_stock(text, threshold):
    return [sku for sku, qty in stock_levels(text).items() if qty < threshold]
