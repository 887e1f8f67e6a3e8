"""Payments as finance enters them, checked before a transfer file is written."""

import re
from dataclasses import dataclass
from decimal import Decimal

SORT_CODE = re.compile(r"^\d{2}-?\d{2}-?\d{2}$")
MAX_PAYMENT = Decimal("250000.00")


@dataclass(frozen=True)
class Payment:
    sort_code: str
    account: str
    amount: Decimal
    name: str
    reference: str


def check_payment(payment):
    """Plain reasons the payment cannot be sent; empty when it can."""
    problems = []
    if not SORT_CODE.match(payment.sort_code):
        problems.append(f"sort code {payment.sort_code!r} must be six digits, e.g. 20-00-00")
    if not payment.account.isdigit() or not 6 <= len(payment.account) <= 8:
        problems.append(f"account {payment.account!r} must be 6 to 8 digits")
    if payment.amount <= 0 or payment.amount > MAX_PAYMENT:
        problems.append(f"amount {payment.amount} must be above 0 and at most {MAX_PAYMENT}")
    if payment.amount != payment.amount.quantize(Decimal("0.01")):
        problems.append(f"amount {payment.amount} has fractions of a penny")
    if not payment.name.strip():
        problems.append("payee name is empty")
    return problems
