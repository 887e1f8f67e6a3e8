"""The on-call rota: engineers take business days in turn; weekends and holidays have no shift."""

from datetime import date, timedelta


def business_days_in_month(calendar, year, month):
    day = date(year, month, 1)
    days = []
    while day.month == month:
        if calendar.is_business_day(day):
            days.append(day)
        day += timedelta(days=1)
    return days


def build_rota(calendar, year, month, engineers, start_with=0):
    """day -> engineer, round-robin over the month's business days."""
    if not engineers:
        raise ValueError("the rota needs at least one engineer")
    days = business_days_in_month(calendar, year, month)
    return {day: engineers[(start_with + i) % len(engineers)] for i, day in enumerate(days)}


def shifts_per_engineer(rota):
    counts = {}
    for engineer in rota.values():
        counts[engineer] = counts.get(engineer, 0) + 1
    return counts
