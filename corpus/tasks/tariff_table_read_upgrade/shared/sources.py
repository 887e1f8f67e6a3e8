"""Tariff sources: the carrier publishes numbered versions of its per-prefix rate sheet."""

from decimal import Decimal


class TariffSource:
    def __init__(self, versions):
        self._versions = [dict(v) for v in versions]
        self._current = 0
        self.fetches = 0

    def publish_next(self):
        if self._current + 1 >= len(self._versions):
            raise IndexError("no newer tariff version to publish")
        self._current += 1

    def fetch(self):
        self.fetches += 1
        sheet = self._versions[self._current]
        return self._current + 1, {prefix: Decimal(rate) for prefix, rate in sheet.items()}
