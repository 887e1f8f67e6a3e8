"""The car park's tariff, as printed on the sign at the entrance.

1. Stays of up to 30 minutes are free.
2. Otherwise every started hour costs 2.50, counted from entry.
3. No more than 18.00 is charged for any 24 hours counted from entry; each further 24-hour period
   (and the part-period at the end) is charged the same way, with its own cap.
4. Night rate: entering at or after 18:00 and leaving before 08:00 the next morning costs 6.00 flat
   (or the normal charge, if that is lower).
"""

import math
from datetime import timedelta
from decimal import Decimal

FREE_MINUTES = 30
HOURLY = Decimal("2.50")
DAILY_CAP = Decimal("18.00")
NIGHT_FLAT = Decimal("6.00")
NIGHT_FROM, NIGHT_UNTIL = 18, 8


class TariffError(ValueError):
    pass


def started_hours(duration):
    return math.ceil(duration.total_seconds() / 3600)


def period_charge(duration):
    return min(DAILY_CAP, HOURLY * started_hours(duration))


def is_night_stay(entry, exit):
    next_morning = (entry + timedelta(days=1)).replace(hour=NIGHT_UNTIL, minute=0, second=0, microsecond=0)
    return entry.hour >= NIGHT_FROM and exit < next_morning


def charge(entry, exit):
    if exit < entry:
        raise TariffError(f"exit {exit:%Y-%m-%d %H:%M} is before entry {entry:%Y-%m-%d %H:%M}")
    stay = exit - entry
    if stay <= timedelta(minutes=FREE_MINUTES):
        return Decimal("0.00")
    total = Decimal("0.00")
    remaining = stay
    while remaining > timedelta(0):
        period = min(remaining, timedelta(days=1))
        total += period_charge(period)
        remaining -= period
    if is_night_stay(entry, exit):
        total = min(total, NIGHT_FLAT)
    return total
