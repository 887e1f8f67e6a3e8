"""The sales store the dashboard reads from: rows come back a page at a time, and the store's
network link sometimes drops a request (TransientError); asking again works."""

from dataclasses import dataclass


class TransientError(Exception):
    pass


@dataclass(frozen=True)
class Sale:
    region: str
    month: str
    product: str
    units: int
    cents: int


class SalesStore:
    def __init__(self, sales=(), flaky_pages=()):
        self._sales = list(sales)
        self._flaky = set(flaky_pages)  # (region, month, page) that fail on their first request
        self.requests = []

    def record(self, sale):
        self._sales.append(sale)

    def fetch(self, region, month, page, size):
        self.requests.append((region, month, page))
        if (region, month, page) in self._flaky:
            self._flaky.discard((region, month, page))
            raise TransientError(f"connection reset while reading {region}/{month} page {page}")
        rows = [s for s in self._sales if s.region == region and s.month == month]
        return rows[page * size:(page + 1) * size]
