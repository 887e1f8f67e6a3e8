from decimal import Decimal

import pytest
from amortization import monthly_payment, schedule, totals
from money import money, monthly_rate


def test_money_rounds_half_up():
    assert money("2.675") == Decimal("2.68")
    assert monthly_rate(6) == Decimal("0.005")
    with pytest.raises(ValueError, match="must not be negative"):
        monthly_rate(-1)


def test_instalment_for_a_standard_loan():
    assert monthly_payment(10_000, 6, 12) == Decimal("860.66")
    assert monthly_payment(5_000, 4.5, 24) == Decimal("218.24")
    with pytest.raises(ValueError, match="at least one month"):
        monthly_payment(1_000, 5, 0)


def test_first_month_splits_interest_and_principal():
    first = schedule(10_000, 6, 12)[0]
    assert (first.payment, first.interest, first.principal, first.balance) == (
        Decimal("860.66"), Decimal("50.00"), Decimal("810.66"), Decimal("9189.34"))


def test_the_last_instalment_clears_the_balance():
    rows = schedule(10_000, 6, 12)
    assert rows[-1].balance == Decimal("0.00")
    assert rows[-1].payment == Decimal("860.70")
    assert totals(rows) == {"paid": Decimal("10327.96"), "interest": Decimal("327.96"), "months": 12}


def test_interest_free_loans():
    rows = schedule(1_000, 0, 3)
    assert [r.payment for r in rows] == [Decimal("333.33"), Decimal("333.33"), Decimal("333.34")]
    assert totals(rows)["interest"] == 0


def test_extra_repayment_after_the_months_interest():
    rows = schedule(10_000, 6, 12, extra={3: 2_000})
    assert (rows[2].interest, rows[2].payment, rows[2].balance) == (
        Decimal("41.87"), Decimal("2860.66"), Decimal("5555.84"))
    assert len(rows) == 10
    assert (rows[-1].payment, rows[-1].balance) == (Decimal("498.15"), Decimal("0.00"))
