from datetime import date

import pytest
from late_fees import FeeRule, Payment, late_fees, statement
from plan import installment_plan


def test_paid_within_grace_costs_nothing():
    plan = installment_plan(60000, date(2024, 3, 10), 3)
    payments = [Payment(1, date(2024, 4, 15)), Payment(2, date(2024, 5, 10))]
    assert late_fees(plan, payments, today=date(2024, 5, 20)) == {}


def test_late_and_unpaid_installments_are_charged():
    plan = installment_plan(60000, date(2024, 3, 10), 3)
    payments = [Payment(1, date(2024, 4, 30))]
    assert late_fees(plan, payments, today=date(2024, 6, 20)) == {1: 400, 2: 400, 3: 400}
    assert late_fees(plan, payments, today=date(2024, 6, 20), rule=FeeRule(percent=1, minimum_cents=50)) == {
        1: 200, 2: 200, 3: 200}


def test_statement_lines():
    plan = installment_plan(30000, date(2024, 1, 31), 3)
    rows = statement(plan, [Payment(1, date(2024, 2, 29))], today=date(2024, 4, 1))
    assert rows == [
        "1. 2024-02-29   100.00 paid",
        "2. 2024-03-31   100.00 overdue",
        "3. 2024-04-30   100.00 due",
    ]


def test_payments_for_unknown_installments_are_refused():
    plan = installment_plan(30000, date(2024, 1, 10), 3)
    with pytest.raises(ValueError, match=r"do not exist: \[7\]"):
        late_fees(plan, [Payment(7, date(2024, 2, 1))], today=date(2024, 3, 1))
