"""Tariff table: per-minute rates by dialled prefix, longest prefix wins.

Lookups take the read lock; reloading the sheet takes the write lock. A prefix the table does not
know may be new in the carrier's latest sheet, so a miss triggers one reload before giving up.
"""

from rwlock import ReadWriteLock


class UnknownDestination(LookupError):
    pass


class TariffTable:
    def __init__(self, source):
        self._source = source
        self._lock = ReadWriteLock()
        self._rates = {}
        self.version = 0
        self._reload()

    def _reload(self):
        with self._lock.writing():
            version, rates = self._source.fetch()
            if version != self.version:
                self._rates = rates
                self.version = version

    def _match(self, number):
        for end in range(len(number), 0, -1):
            rate = self._rates.get(number[:end])
            if rate is not None:
                return number[:end], rate
        return None

    def rate(self, number):
        digits = number.lstrip("+").replace(" ", "")
        if not digits.isdigit():
            raise ValueError(f"not a dialable number: {number!r}")
        with self._lock.reading():
            found = self._match(digits)
            if found is None:
                self._reload()
                found = self._match(digits)
            if found is None:
                raise UnknownDestination(f"no tariff for {number} (sheet version {self.version})")
            return found

    def cost(self, number, seconds):
        prefix, per_minute = self.rate(number)
        minutes = -(-seconds // 60)
        return per_minute * minutes
