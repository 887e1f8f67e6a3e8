"""Payment reminders for invoices still open after reconciliation."""

from dataclasses import dataclass

STAGES = [(7, "friendly reminder"), (21, "second notice"), (45, "final notice")]


@dataclass(frozen=True)
class Reminder:
    invoice: str
    customer: str
    stage: str


def stage_for(days_overdue):
    """The most severe stage whose threshold has been reached, or None."""
    reached = [name for threshold, name in STAGES if days_overdue >= threshold]
    return reached[-1] if reached else None


def reminders(invoices, days_overdue):
    """Reminders for unpaid invoices; `days_overdue` maps invoice number -> days past due."""
    out = []
    for inv in sorted(invoices, key=lambda i: i.number):
        if inv.paid:
            continue
        stage = stage_for(days_overdue.get(inv.number, 0))
        if stage:
            out.append(Reminder(inv.number, inv.customer, stage))
    return out


def letters(reminders_list):
    return [f"Dear {r.customer}, {r.stage} for invoice {r.invoice}." for r in reminders_list]
