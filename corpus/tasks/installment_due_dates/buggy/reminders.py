"""Which installments need a reminder e-mail today."""

from datetime import timedelta


def reminders(plan, today, days_ahead=3):
    """Installments due between today and `days_ahead` days from now, inclusive."""
    horizon = today + timedelta(days=days_ahead)
    return [inst.number for inst in plan if today <= inst.due <= horizon]


def overdue(plan, today, paid_numbers):
    return [inst.number for inst in plan if inst.due < today and inst.number not in paid_numbers]
