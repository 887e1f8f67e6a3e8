"""Split a purchase into equal monthly installments (cents); the last one absorbs the remainder."""

from dataclasses import dataclass
from datetime import date

from due_dates import due_dates


@dataclass(frozen=True)
class Installment:
    number: int
    due: date
    cents: int


def installment_plan(total_cents, start, count):
    if total_cents <= 0:
        raise ValueError(f"total must be positive, got {total_cents}")
    base = total_cents // count
    amounts = [base] * (count - 1) + [total_cents - base * (count - 1)]
    return [Installment(i + 1, due, cents)
            for i, (due, cents) in enumerate(zip(due_dates(start, count), amounts))]
