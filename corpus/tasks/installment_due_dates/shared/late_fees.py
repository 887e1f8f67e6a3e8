"""Late fees: an installment paid more than `grace_days` after its due date costs a fee."""

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Payment:
    installment: int
    paid_on: date


@dataclass(frozen=True)
class FeeRule:
    grace_days: int = 5
    percent: int = 2
    minimum_cents: int = 300


def fee_for(inst, paid_on, rule):
    late_by = (paid_on - inst.due).days
    if late_by <= rule.grace_days:
        return 0
    return max(rule.minimum_cents, inst.cents * rule.percent // 100)


def late_fees(plan, payments, today, rule=FeeRule()):
    """Installment number -> fee in cents, for paid-late and unpaid-past-grace installments."""
    paid = {p.installment: p.paid_on for p in payments}
    unknown = sorted(set(paid) - {inst.number for inst in plan})
    if unknown:
        raise ValueError(f"payments for installments that do not exist: {unknown}")
    fees = {}
    for inst in plan:
        fee = fee_for(inst, paid.get(inst.number, today), rule)
        if fee:
            fees[inst.number] = fee
    return fees


def statement(plan, payments, today, rule=FeeRule()):
    fees = late_fees(plan, payments, today, rule)
    paid = {p.installment for p in payments}
    rows = []
    for inst in plan:
        status = "paid" if inst.number in paid else ("due" if inst.due >= today else "overdue")
        fee = f" +{fees[inst.number] / 100:.2f} fee" if inst.number in fees else ""
        rows.append(f"{inst.number}. {inst.due.isoformat()} {inst.cents / 100:>8.2f} {status}{fee}")
    return rows
