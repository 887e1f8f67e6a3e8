"""Match transfers to open invoices.

A customer may pay an invoice in one transfer or in several instalments; an invoice is settled when
the customer's transfers add up to its amount exactly.
"""

from collections import defaultdict
from decimal import Decimal


def group_by_payer(transfers):
    groups = defaultdict(list)
    for t in transfers:
        groups[t.payer].append(t)
    return groups


def reconcile(invoices, transfers):
    """Mark settled invoices; returns (settled invoice numbers, payers whose money is unmatched)."""
    settled, unmatched = [], []
    by_payer = group_by_payer(transfers)
    for payer, payments in sorted(by_payer.items()):
        received = sum(Decimal(str(t.amount)) for t in payments)
        match = next((inv for inv in invoices
                      if inv.customer == payer and not inv.paid and Decimal(str(inv.amount)) == received), None)
        if match is None:
            unmatched.append(payer)
            continue
        match.paid = True
        settled.append(match.number)
    return sorted(settled), unmatched
