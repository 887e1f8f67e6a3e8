"""Receivables ledger: match credits to open invoices by payer and amount."""

from collections import defaultdict
from decimal import Decimal


def totals(credits):
    out = defaultdict(Decimal)
    for credit in credits:
        out[credit["currency"]] += credit["amount"]
    return dict(sorted(out.items()))


def settle(invoices, credits):
    """invoices: {number: (payer, currency, amount)}. Returns (paid numbers, unmatched credits)."""
    open_items = dict(invoices)
    paid, unmatched = [], []
    for credit in sorted(credits, key=lambda c: c["date"]):
        match = next((number for number, (payer, currency, amount) in sorted(open_items.items())
                      if payer == credit["payer"] and currency == credit["currency"]
                      and amount == credit["amount"]), None)
        if match is None:
            unmatched.append(credit)
        else:
            paid.append(match)
            del open_items[match]
    return paid, unmatched
