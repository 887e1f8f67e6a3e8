"""Points expire a year after they were earned; free drinks use up the oldest points first."""

from datetime import date, timedelta

LIFETIME = timedelta(days=365)


def open_lots(ledger):
    """[(day earned, points left)] after redemptions have eaten the oldest lots."""
    lots = []
    for day, kind, points in ledger.history:
        if kind == "earn":
            lots.append([day, points])
            continue
        to_spend = -points
        for lot in lots:
            take = min(lot[1], to_spend)
            lot[1] -= take
            to_spend -= take
            if to_spend <= 0:
                break
    return [(day, left) for day, left in lots if left > 0]


def expiring(ledger, today, within_days=30):
    """Points that will expire in the next ``within_days`` days, for the reminder e-mail."""
    today = date.fromisoformat(today)
    soon = today + timedelta(days=within_days)
    return round(sum(left for day, left in open_lots(ledger)
                     if today <= date.fromisoformat(day) + LIFETIME < soon), 1)
