"""Monthly spending reports."""

from collections import defaultdict


def monthly_totals(transactions):
    totals = defaultdict(lambda: 0)
    for t in transactions:
        totals[t.day.strftime("%Y-%m")] += t.amount
    return {month: str(total) for month, total in sorted(totals.items())}
