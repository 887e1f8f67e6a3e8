"""End-of-shift settlement: receipts for every sale, computed on a small thread pool."""

import decimal
from concurrent.futures import ThreadPoolExecutor

from receipts import make_receipt, summarize


class ShiftSettlement:
    def __init__(self, policy, workers=3):
        self._policy = policy
        self._workers = workers
        self.receipts = []

    def _receipt(self, sale):
        receipt = make_receipt(sale)
        return receipt

    def settle(self, sales):
        if not sales:
            return {"receipts": 0, "grades": {}, "policy": self._policy.name}
        with self._policy.context():
            with ThreadPoolExecutor(self._workers, thread_name_prefix="settle") as pool:
                self.receipts = list(pool.map(self._receipt, sales))
            return {"receipts": len(self.receipts), "grades": summarize(self.receipts),
                    "policy": self._policy.name, "rounding": decimal.getcontext().rounding}

    def takings(self):
        return sum((r.total for r in self.receipts), decimal.Decimal(0))
