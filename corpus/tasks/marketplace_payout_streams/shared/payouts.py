"""The period's payout run: merge the currency streams in time order and total them per seller."""

import heapq
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from sales import group_by_currency
from streams import converted_streams

MINIMUM_PAYOUT = Decimal("25.00")


@dataclass
class Statement:
    seller: str
    lines: list = field(default_factory=list)

    @property
    def gross(self):
        return sum((p.gross_eur for p in self.lines), Decimal("0"))

    @property
    def fees(self):
        return sum((p.fee_eur for p in self.lines), Decimal("0"))

    @property
    def net(self):
        return self.gross - self.fees


def ledger(sales, rates):
    """Every payout of the period, earliest first, whatever its currency."""
    streams = converted_streams(group_by_currency(sales), rates)
    return list(heapq.merge(*streams.values(), key=lambda p: (p.at, p.order_id)))


def payout_run(sales, rates):
    """seller -> Statement, and the sellers held back because their net is under the minimum."""
    statements = defaultdict(lambda: None)
    for payout in ledger(sales, rates):
        if statements[payout.seller] is None:
            statements[payout.seller] = Statement(payout.seller)
        statements[payout.seller].lines.append(payout)
    paid = {s: st for s, st in statements.items() if st.net >= MINIMUM_PAYOUT}
    held = sorted(s for s, st in statements.items() if st.net < MINIMUM_PAYOUT)
    return paid, held
