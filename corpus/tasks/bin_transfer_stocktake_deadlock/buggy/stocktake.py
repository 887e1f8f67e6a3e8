"""Stocktake: count a set of bins and compare with what the journal says moved through them."""

from contextlib import ExitStack


class Stocktake:
    def __init__(self, warehouse, journal):
        self._warehouse = warehouse
        self._journal = journal
        self.counts = []

    def count(self, bin_names):
        bins = [self._warehouse.bin(name) for name in sorted(set(bin_names))]
        with self._journal.lock:
            with ExitStack() as stack:
                for b in bins:
                    stack.enter_context(b.lock)
                snapshot = {b.name: dict(b.stock) for b in bins}
            movements = self._journal.touching(bin_names)
            self._journal.mark_posted()
        record = {"bins": snapshot, "movements": len(movements)}
        self.counts.append(record)
        return record

    def totals(self, record):
        out = {}
        for stock in record["bins"].values():
            for sku, qty in stock.items():
                out[sku] = out.get(sku, 0) + qty
        return out

    def variance(self, record, expected):
        counted = self.totals(record)
        skus = sorted(set(counted) | set(expected))
        return {sku: counted.get(sku, 0) - expected.get(sku, 0)
                for sku in skus if counted.get(sku, 0) != expected.get(sku, 0)}
