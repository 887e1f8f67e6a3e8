"""Monthly due dates anchored on the day a plan starts (clamped to short months)."""

from dateutil.relativedelta import relativedelta


def due_dates(start, count):
    """The `count` monthly due dates after `start`, each on start's day of month where it exists."""
    if count < 1:
        raise ValueError(f"a plan needs at least one installment, got {count}")
    dates = []
    current = start
    for n in range(1, count + 1):
        current = start + relativedelta(months=n)
        dates.append(current)
    return dates
