from datetime import datetime, timedelta
from decimal import Decimal

from sessions import Session

ENTRY = datetime(2024, 3, 11, 9, 0)


def test_pay_then_leave_within_the_grace_period():
    session = Session("KX21 ABC", ENTRY)
    assert session.pay(ENTRY + timedelta(hours=2)) == Decimal("5.00")
    assert session.barrier_opens(ENTRY + timedelta(hours=2, minutes=14))


def test_lingering_after_paying_costs_extra():
    session = Session("KX21 ABC", ENTRY)
    session.pay(ENTRY + timedelta(hours=2))
    late = ENTRY + timedelta(hours=2, minutes=50)
    assert not session.barrier_opens(late)
    assert session.amount_due(late) == Decimal("2.50")
    session.pay(late)
    assert session.receipt()[-1] == "  total  7.50"


def test_lost_ticket_and_free_exit():
    session = Session("LM70 XYZ", ENTRY)
    assert session.barrier_opens(ENTRY + timedelta(minutes=20))
    assert session.pay(ENTRY + timedelta(hours=5), lost_ticket=True) == Decimal("30.00")
