"""Repayment schedules for fixed-rate instalment loans.

Contract terms: interest for a month is the opening balance times the monthly rate, rounded to the
cent; an extra repayment made in a month is applied after that month's interest is charged; the last
instalment is whatever clears the balance (principal plus that month's interest), so a schedule
always ends at exactly 0.00. A 0% loan is split into equal instalments (the last one absorbs the cents).
"""

from dataclasses import dataclass
from decimal import Decimal

from money import money, monthly_rate


@dataclass(frozen=True)
class Row:
    month: int
    payment: Decimal
    interest: Decimal
    principal: Decimal
    balance: Decimal


def monthly_payment(principal, annual_percent, months):
    if months <= 0:
        raise ValueError(f"the term must be at least one month, got {months}")
    principal = money(principal)
    rate = monthly_rate(annual_percent)
    factor = (1 + rate) ** months
    return money(principal * rate * factor / (factor - 1))


def schedule(principal, annual_percent, months, extra=None):
    """The rows of the repayment plan; ``extra`` maps month number -> extra repayment."""
    extra = extra or {}
    rate = monthly_rate(annual_percent)
    instalment = monthly_payment(principal, annual_percent, months)
    balance = money(principal)
    rows = []
    for month in range(1, months + 1):
        balance -= money(extra.get(month, 0))
        interest = money(balance * rate)
        repaid = min(balance, instalment - interest)
        balance -= repaid
        rows.append(Row(month, interest + repaid + money(extra.get(month, 0)), interest, repaid, balance))
        if balance == 0:
            break
    return rows


def totals(rows):
    return {"paid": sum((r.payment for r in rows), Decimal("0")),
            "interest": sum((r.interest for r in rows), Decimal("0")),
            "months": len(rows)}
