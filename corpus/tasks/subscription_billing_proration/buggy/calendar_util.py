"""Billing periods run from the anchor day of one month to the day before the anchor the next."""

import calendar
from dataclasses import dataclass
from datetime import date, timedelta


@dataclass(frozen=True)
class Period:
    start: date
    end: date  # exclusive

    @property
    def days(self):
        return (self.end - self.start).days

    def contains(self, day):
        return self.start <= day < self.end

    def label(self):
        return f"{self.start.isoformat()}..{(self.end - timedelta(days=1)).isoformat()}"


def add_months(day, months, anchor_day=None):
    anchor_day = anchor_day or day.day
    month_index = day.month - 1 + months
    year, month = day.year + month_index // 12, month_index % 12 + 1
    last = calendar.monthrange(year, month)[1]
    return date(year, month, min(anchor_day, last))


def period_containing(anchor, day):
    """The billing period (anchored on `anchor`'s day of month) that contains `day`."""
    if day < anchor:
        raise ValueError(f"{day} is before the subscription started on {anchor}")
    months = (day.year - anchor.year) * 12 + day.month - anchor.month
    start = add_months(anchor, months, anchor.day)
    if start > day:
        start = add_months(anchor, months - 1, anchor.day)
    return Period(start, add_months(start, 1, anchor.day))


def days_between(a, b):
    return (b - a).days
