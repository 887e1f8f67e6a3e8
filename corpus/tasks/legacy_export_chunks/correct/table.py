"""Rebuild rows from the flat cell list and convert typed columns."""

from more_itertools import chunked

CONVERTERS = {"id": int, "qty": int, "price": float}


def rows(columns, cells):
    width = len(columns)
    out = []
    for chunk in chunked(cells, width, strict=True):
        row = {}
        for name, raw in zip(columns, chunk):
            row[name] = CONVERTERS.get(name, str)(raw)
        out.append(row)
    return out
