"""Stocktake: compare what was physically counted with what the books say."""

from dataclasses import dataclass

from stock import parse_count_sheet


@dataclass(frozen=True)
class Discrepancy:
    sku: str
    book: int
    counted: int

    @property
    def difference(self):
        return self.counted - self.book


def reconcile(warehouse, sheet_text):
    counted = parse_count_sheet(sheet_text)
    discrepancies = []
    for sku in sorted(set(warehouse.skus()) | set(counted)):
        book = warehouse.book_quantity(sku)
        found = counted.get(sku, 0)
        if found is not book:
            discrepancies.append(Discrepancy(sku, book, found))
    return discrepancies


def shrinkage(discrepancies):
    return -sum(d.difference for d in discrepancies if d.difference < 0)
