from decimal import Decimal

import pytest

from policy import CUSTOMER_FAVOURABLE, RoundingPolicy
from receipts import Sale, make_receipt, summarize
from settlement import ShiftSettlement
from shift_report import format_lines, per_pump, reconcile

SALES = [
    Sale(1, "diesel", Decimal("41.237"), Decimal("1.789")),
    Sale(2, "e10", Decimal("30.5"), Decimal("1.659"), loyalty_cents_per_litre=3),
    Sale(3, "diesel", Decimal("12.001"), Decimal("1.789")),
    Sale(4, "e10", Decimal("55.555"), Decimal("1.659")),
]


def test_receipt_in_customer_favourable_context():
    with CUSTOMER_FAVOURABLE.context():
        receipt = make_receipt(SALES[0])
    assert receipt.gross == Decimal("73.77")
    assert receipt.total == Decimal("73.77") and receipt.vat == Decimal("12.29")


def test_loyalty_discount_per_litre():
    with CUSTOMER_FAVOURABLE.context():
        receipt = make_receipt(SALES[1])
    assert (receipt.gross, receipt.discount, receipt.total) == (Decimal("50.59"), Decimal("0.91"), Decimal("49.68"))


def test_unknown_rounding_mode_is_refused():
    with pytest.raises(ValueError, match="use one of down, half_up, up"):
        RoundingPolicy("odd", "bankers")


def test_summary_groups_by_grade():
    with RoundingPolicy("audit", "half_up").context():
        receipts = [make_receipt(s) for s in SALES]
    assert summarize(receipts) == {
        "diesel": {"litres": Decimal("53.238"), "total": Decimal("95.24")},
        "e10": {"litres": Decimal("86.055"), "total": Decimal("141.85")},
    }


def test_shift_settlement_rounds_in_the_customers_favour():
    settlement = ShiftSettlement(CUSTOMER_FAVOURABLE, workers=2)
    report = settlement.settle(SALES)
    assert report["receipts"] == 4 and report["rounding"] == "ROUND_DOWN"
    assert [r.gross for r in settlement.receipts] == [
        Decimal("73.77"), Decimal("50.59"), Decimal("21.46"), Decimal("92.16")]
    assert settlement.takings() == Decimal("237.07")


def test_empty_shift():
    assert ShiftSettlement(CUSTOMER_FAVOURABLE).settle([]) == {
        "receipts": 0, "grades": {}, "policy": "customer-favourable"}


def receipts_for(sales):
    with CUSTOMER_FAVOURABLE.context():
        return [make_receipt(s) for s in sales]


def test_reconcile_flags_pumps_beyond_tolerance():
    receipts = receipts_for(SALES)
    meters = {1: "41.237", 2: "30.600", 3: "12.030", 4: "55.555", 5: "0.2"}
    assert reconcile(receipts, meters) == {2: Decimal("0.100"), 5: Decimal("0.2")}


def test_report_lines_per_pump_and_total():
    lines = format_lines(receipts_for(SALES[:2]))
    assert lines == ["pump  1     41.237 l      73.77",
                     "pump  2     30.500 l      49.68",
                     "  total                  123.45"]


def test_per_pump_adds_up_repeat_sales():
    receipts = receipts_for([SALES[0], SALES[2], Sale(1, "diesel", Decimal("1"), Decimal("1.789"))])
    assert per_pump(receipts) == {1: (Decimal("42.237"), Decimal("75.55")),
                                  3: (Decimal("12.001"), Decimal("21.46"))}
