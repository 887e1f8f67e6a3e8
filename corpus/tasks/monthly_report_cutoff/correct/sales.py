"""Sales records with timestamps, and range queries over them."""

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Sale:
    at: datetime
    region: str
    cents: int


class SalesLog:
    def __init__(self):
        self.sales = []

    def add(self, stamp, region, cents):
        self.sales.append(Sale(datetime.fromisoformat(stamp), region, cents))

    def between(self, first, last):
        """Sales from `first` to `last`, both inclusive, oldest first."""
        return sorted((s for s in self.sales if first <= s.at <= last), key=lambda s: s.at)
