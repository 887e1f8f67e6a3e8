"""The sales desk's comparison sheet: one quote per lender offer, cheapest total first."""

from dataclasses import dataclass

from quotes import quote


@dataclass(frozen=True)
class Offer:
    lender: str
    annual_percent: float
    fee: float = 0.0
    balloon_share: float = 0.0   # part of the amount left as a final balloon payment


def compare(amount, months, offers):
    """[(lender, monthly, total payable)] sorted by total payable, then by monthly payment."""
    rows = []
    for offer in offers:
        q = quote(amount, offer.annual_percent, months, balloon=round(amount * offer.balloon_share, 2), fee=offer.fee)
        rows.append((offer.lender, q.monthly, q.total_payable))
    return sorted(rows, key=lambda row: (row[2], row[1], row[0]))


def sheet(amount, months, offers):
    lines = [f"{'Lender':<12}{'Monthly':>10}{'Total':>12}"]
    for lender, monthly, total in compare(amount, months, offers):
        lines.append(f"{lender:<12}{monthly:>10,.2f}{total:>12,.2f}")
    return "\n".join(lines)
