"""Per-customer usage meter shared by the request threads of an API gateway."""

import threading


class UsageMeter:
    def __init__(self, quota_watch=None):
        self._lock = threading.Lock()
        self._totals = {}
        self._journal = []
        self._quota_watch = quota_watch

    def record(self, customer, units):
        if units <= 0:
            raise ValueError(f"units must be positive, got {units}")
        before = self._totals.get(customer, 0)
        after = before + units
        if self._quota_watch is not None:
            self._quota_watch.check(customer, before, after)
        with self._lock:
            self._totals[customer] = after
            self._journal.append((customer, units))

    def total(self, customer):
        with self._lock:
            return self._totals.get(customer, 0)

    def journal_total(self, customer):
        with self._lock:
            return sum(units for who, units in self._journal if who == customer)

    def snapshot(self):
        with self._lock:
            return dict(self._totals)
