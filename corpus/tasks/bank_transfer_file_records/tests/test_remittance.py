from decimal import Decimal

from payments import Payment
from remittance import advices, group_by_account


def test_one_advice_per_payee_account():
    runs = [Payment("20-00-00", "1234567", Decimal("1250.00"), "Acme Ltd", "INV 117"),
            Payment("200000", "01234567", Decimal("80.5"), "Acme Ltd", ""),
            Payment("401276", "123456", Decimal("19.99"), "Jo", "refund")]
    assert sorted(group_by_account(runs)) == [("200000", "01234567"), ("401276", "00123456")]
    text = advices(runs)[("200000", "01234567")]
    assert "  INV 117                  1,250.00" in text
    assert "  (no reference)              80.50" in text
    assert "  Total                    1,330.50" in text
