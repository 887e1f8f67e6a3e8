from datetime import date

import pytest
from tickets import Ticket, aging_report, days_overdue, due_date
from workdays import Calendar


def test_due_dates_follow_the_sla():
    cal = Calendar()
    assert due_date(cal, Ticket("SUP-1", "urgent", date(2024, 6, 7))) == date(2024, 6, 10)
    assert due_date(cal, Ticket("SUP-2", "normal", date(2024, 6, 3))) == date(2024, 6, 10)
    with pytest.raises(ValueError, match="unknown priority 'p1'"):
        due_date(cal, Ticket("SUP-3", "p1", date(2024, 6, 3)))


def test_overdue_and_aging():
    cal = Calendar()
    ticket = Ticket("SUP-4", "high", date(2024, 12, 20))
    assert due_date(cal, ticket) == date(2024, 12, 24)
    assert days_overdue(cal, ticket, date(2024, 12, 30)) == 2
    tickets = [ticket, Ticket("SUP-5", "low", date(2024, 12, 27)), Ticket("SUP-6", "low", date(2024, 12, 24))]
    assert aging_report(cal, tickets, date(2024, 12, 30)) == {"0-1": ["SUP-5"], "2-5": ["SUP-4", "SUP-6"],
                                                             "6+": []}


def test_a_ticket_opened_over_a_long_weekend():
    cal = Calendar()
    ticket = Ticket("SUP-7", "normal", date(2024, 3, 29))   # Good Friday
    assert due_date(cal, ticket) == date(2024, 4, 8)
    assert days_overdue(cal, ticket, date(2024, 4, 5)) == 0
    assert days_overdue(cal, ticket, date(2024, 4, 10)) == 2
