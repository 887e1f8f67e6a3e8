from decimal import Decimal

import pytest
from settlement import settlement_quote


def test_settling_a_long_loan_early():
    quote = settlement_quote(10_000, 6, 36, after_month=6)
    assert quote.fee == money_percent(quote.balance, "0.01")
    assert quote.total == quote.balance + quote.interest + quote.fee


def test_settling_near_the_end_uses_the_lower_fee():
    quote = settlement_quote(10_000, 6, 12, after_month=3)
    assert quote.balance == Decimal("7555.84")
    assert (quote.interest, quote.fee) == (Decimal("37.78"), Decimal("37.78"))


def test_settlement_month_is_checked():
    with pytest.raises(ValueError, match="after_month must be from 0 to 11"):
        settlement_quote(10_000, 6, 12, after_month=12)


def money_percent(amount, rate):
    return (amount * Decimal(rate)).quantize(Decimal("0.01"))
