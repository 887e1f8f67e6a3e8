"""Charge a monthly fee for the part of a billing period a plan was actually in force."""

from dataclasses import dataclass

from calendar_util import days_between


@dataclass(frozen=True)
class ProratedCharge:
    plan_code: str
    days_used: int
    days_in_period: int
    cents: int

    @property
    def full_period(self):
        return self.days_used == self.days_in_period


def prorate(plan, first_day, end_exclusive, period):
    """The share of `plan`'s monthly fee for [first_day, end_exclusive) within `period`."""
    days_used = days_between(first_day, end_exclusive)
    if days_used < 0 or not period.contains(first_day):
        raise ValueError(f"segment {first_day}..{end_exclusive} is not inside period {period.label()}")
    daily_rate = plan.monthly_cents / period.days
    total = 0.0
    for _ in range(days_used):
        total += daily_rate
    return ProratedCharge(plan.code, days_used, period.days, int(total))


def prorate_segments(segments, period, lookup):
    return [prorate(lookup(code), first, end, period) for code, first, end in segments]
