"""Comparing loan offers for the customer portal: instalment, total interest and fees side by side."""

from dataclasses import dataclass
from decimal import Decimal

from amortization import monthly_payment, schedule, totals
from money import money


@dataclass(frozen=True)
class Offer:
    lender: str
    annual_percent: float
    months: int
    fee: Decimal = Decimal("0")


def summarise(offer, principal):
    rows = schedule(principal, offer.annual_percent, offer.months)
    sums = totals(rows)
    return {"lender": offer.lender,
            "instalment": monthly_payment(principal, offer.annual_percent, offer.months),
            "interest": sums["interest"],
            "total_cost": sums["interest"] + money(offer.fee)}


def cheapest(offers, principal):
    """Offers by total cost (interest plus fee), cheapest first; ties go to the shorter term."""
    ranked = sorted(offers, key=lambda o: (summarise(o, principal)["total_cost"], o.months, o.lender))
    return [o.lender for o in ranked]


def statement_lines(rows):
    lines = [f"{'month':>5} {'payment':>10} {'interest':>9} {'principal':>10} {'balance':>10}"]
    for r in rows:
        lines.append(f"{r.month:>5} {r.payment:>10,.2f} {r.interest:>9,.2f} {r.principal:>10,.2f} {r.balance:>10,.2f}")
    return lines
