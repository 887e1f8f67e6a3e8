import pytest
from loans import balance_after, solve_payment, solve_rate
from quotes import print_quote, quote


def test_car_loan():
    q = quote(25_000, 6.9, 48)
    assert (q.monthly, q.total_payable, q.apr_check) == (597.5, 28680.0, 6.9)


def test_car_loan_with_a_balloon_and_a_fee():
    q = quote(25_000, 6.9, 36, balloon=9_000, fee=199)
    assert (q.monthly, q.total_payable) == (545.05, 28820.8)
    assert print_quote(q)[3] == "Final payment        9,000.00"


def test_interest_free_offer():
    assert round(solve_payment(5_000, 0, 10), 2) == 500.0
    assert balance_after(1_000, 0.01, 0, 2) == pytest.approx(1020.1)


def test_rate_from_a_payment():
    assert round(solve_rate(25_000, 597.5, 48), 2) == 6.9
    with pytest.raises(ValueError, match="rate would be negative"):
        solve_rate(25_000, 100, 48)


def test_commercial_property_loan():
    q = quote(2_000_000, 5.5, 60)
    assert q.monthly == 38202.32
    assert q.apr_check == 5.5
    assert print_quote(q)[2] == "Monthly payment     38,202.32"


def test_quote_inputs_are_checked():
    with pytest.raises(ValueError, match="at least one month"):
        quote(10_000, 5, 0)
    with pytest.raises(ValueError, match="balloon must be between 0 and the amount"):
        quote(10_000, 5, 12, balloon=10_000)
