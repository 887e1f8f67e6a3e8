"""Daily figures for the operator: spaces in use hour by hour, and takings per payment hour."""

from collections import Counter
from datetime import datetime, timedelta
from decimal import Decimal


class CapacityError(RuntimeError):
    pass


def occupancy_by_hour(visits, day):
    """visits: (entry, exit) pairs. Hour of ``day`` -> cars present at any time in that hour."""
    counts = {}
    for hour in range(24):
        start = datetime(day.year, day.month, day.day, hour)
        end = start + timedelta(hours=1)
        counts[hour] = sum(1 for entry, exit in visits if entry < end and exit > start)
    return counts


def check_capacity(visits, day, spaces):
    """Hours of ``day`` in which more cars were present than the car park has spaces."""
    over = [hour for hour, n in occupancy_by_hour(visits, day).items() if n > spaces]
    if over:
        raise CapacityError(f"more than {spaces} cars present at hours {over}; check the barrier counts")


def takings_by_hour(sessions):
    takings = Counter()
    for session in sessions:
        for when, amount in session.payments:
            takings[when.hour] += amount
    return {hour: takings[hour] for hour in sorted(takings)}


def total_takings(sessions):
    return sum((amount for s in sessions for _, amount in s.payments), Decimal("0"))
