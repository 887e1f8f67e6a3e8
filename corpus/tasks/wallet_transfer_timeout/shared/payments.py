"""The payments API: a transfer the customer waits for, with a timeout they will not sit through."""

import asyncio
import itertools

from transfers import transfer


class PaymentTimeout(Exception):
    pass


class Payments:
    def __init__(self, ledger, timeout_s=2.0):
        self.ledger = ledger
        self.timeout_s = timeout_s
        self._ids = itertools.count(1)
        self.receipts = []

    async def pay(self, source, target, cents):
        reference = f"tx-{next(self._ids)}"
        try:
            await asyncio.wait_for(transfer(self.ledger, source, target, cents, reference), self.timeout_s)
        except asyncio.TimeoutError:
            raise PaymentTimeout(f"{reference}: no confirmation within {self.timeout_s:g}s, nothing was moved") from None
        self.receipts.append((reference, source, target, cents))
        return reference


def reconcile(ledger, opening_total):
    """Problems a nightly check would report: money created or lost, transfers stuck half-way."""
    problems = []
    if ledger.total() != opening_total:
        problems.append(f"ledger total is {ledger.total()} cents, expected {opening_total}")
    for reference, (source, target, cents) in sorted(ledger.pending.items()):
        problems.append(f"{reference} stuck: {cents} cents from {source} to {target}")
    return problems
