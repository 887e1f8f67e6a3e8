"""Remittance advice: one message per payee account listing what the run pays them."""

from collections import defaultdict
from decimal import Decimal


def group_by_account(payments):
    grouped = defaultdict(list)
    for payment in payments:
        key = (payment.sort_code.replace("-", ""), payment.account.zfill(8))
        grouped[key].append(payment)
    return dict(grouped)


def advice_text(payments):
    """The body of one payee's advice: a line per payment, then the total."""
    name = payments[0].name
    lines = [f"Dear {name},", "", "We have sent you the following payments:"]
    for payment in payments:
        lines.append(f"  {payment.reference or '(no reference)':<20} {payment.amount:>12,.2f}")
    total = sum((p.amount for p in payments), Decimal("0"))
    lines += [f"  {'Total':<20} {total:>12,.2f}", "", "They should reach your account within 2 working days."]
    return "\n".join(lines)


def advices(payments):
    return {key: advice_text(group) for key, group in sorted(group_by_account(payments).items())}
