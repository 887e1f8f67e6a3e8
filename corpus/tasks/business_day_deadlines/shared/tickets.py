"""Support tickets and their response deadlines, counted in business days."""

from dataclasses import dataclass

SLA_DAYS = {"urgent": 1, "high": 2, "normal": 5, "low": 10}


@dataclass(frozen=True)
class Ticket:
    key: str
    priority: str
    opened: object  # date


def due_date(calendar, ticket):
    if ticket.priority not in SLA_DAYS:
        raise ValueError(f"ticket {ticket.key}: unknown priority {ticket.priority!r}; use one of {', '.join(SLA_DAYS)}")
    return calendar.add_business_days(ticket.opened, SLA_DAYS[ticket.priority])


def days_overdue(calendar, ticket, today):
    """Business days past the due date (0 when not overdue)."""
    return max(0, calendar.business_days_between(due_date(calendar, ticket), today))


def aging_report(calendar, tickets, today):
    """Open tickets bucketed by business days open: '0-1', '2-5', '6+'."""
    buckets = {"0-1": [], "2-5": [], "6+": []}
    for ticket in sorted(tickets, key=lambda t: t.key):
        age = calendar.business_days_between(ticket.opened, today)
        bucket = "0-1" if age <= 1 else "2-5" if age <= 5 else "6+"
        buckets[bucket].append(ticket.key)
    return buckets
