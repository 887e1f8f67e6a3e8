"""Quota alerts: notices when a customer's usage crosses one of its thresholds."""


class QuotaWatch:
    def __init__(self, thresholds, on_check=None):
        self.thresholds = dict(thresholds)
        self.alerts = []
        self._on_check = on_check

    def check(self, customer, before, after):
        if self._on_check is not None:
            self._on_check(customer)
        limit = self.thresholds.get(customer)
        if limit is not None and before < limit <= after:
            self.alerts.append((customer, limit, after))
