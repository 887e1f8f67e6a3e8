"""Reporting periods: calendar months."""

import calendar
from datetime import datetime, timedelta


class PeriodError(ValueError):
    pass


def parse_month(text):
    try:
        year, month = (int(part) for part in text.split("-"))
        if not 1 <= month <= 12:
            raise ValueError
    except ValueError:
        raise PeriodError(f"month must look like 2024-03, got {text!r}") from None
    return year, month


def month_bounds(text):
    """The first and the last moment of a month, both inclusive."""
    year, month = parse_month(text)
    last_day = calendar.monthrange(year, month)[1]
    end = datetime(year, month, last_day) + timedelta(days=1) - timedelta(microseconds=1)
    return datetime(year, month, 1), end
