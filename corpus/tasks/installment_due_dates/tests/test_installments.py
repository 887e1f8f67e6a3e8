from datetime import date

import pytest
from due_dates import due_dates
from plan import installment_plan
from reminders import overdue, reminders


def test_a_plan_started_on_the_31st_stays_on_month_ends():
    plan = installment_plan(40000, date(2024, 1, 31), 4)
    assert [inst.due for inst in plan] == [
        date(2024, 2, 29), date(2024, 3, 31), date(2024, 4, 30), date(2024, 5, 31)]


def test_mid_month_start():
    assert due_dates(date(2024, 10, 15), 3) == [date(2024, 11, 15), date(2024, 12, 15), date(2025, 1, 15)]


def test_amounts_add_up_and_the_last_takes_the_remainder():
    plan = installment_plan(10000, date(2024, 3, 1), 3)
    assert [inst.cents for inst in plan] == [3333, 3333, 3334]


def test_reminder_for_a_month_end_installment():
    plan = installment_plan(30000, date(2024, 1, 30), 3)
    assert reminders(plan, today=date(2024, 3, 30)) == [2]


def test_overdue_installments():
    plan = installment_plan(30000, date(2024, 1, 10), 3)
    assert overdue(plan, date(2024, 4, 1), paid_numbers={1}) == [2]


def test_bad_plans_are_refused():
    with pytest.raises(ValueError, match="at least one installment"):
        due_dates(date(2024, 1, 1), 0)
    with pytest.raises(ValueError, match="total must be positive"):
        installment_plan(0, date(2024, 1, 1), 3)
