import pytest
from invoice import build_invoice, summary
from lines import InvoiceLine
from tax import UnknownRate, vat_cents


def test_half_cents_of_vat_round_up():
    inv = build_invoice("A-2", [
        InvoiceLine("bread", 1, 150, "reduced"),
        InvoiceLine("jam", 1, 250, "reduced"),
        InvoiceLine("novel", 1, 1100, "books"),
    ])
    assert [vat for _, _, vat in inv.rows] == [11, 18, 61]
    assert inv.total_cents == 1500 + 90


def test_plain_invoice_totals():
    inv = build_invoice("A-1", [InvoiceLine("chair", 2, 4000), InvoiceLine("lamp", 1, 2500)])
    assert (inv.net_cents, inv.vat_cents, inv.total_cents) == (10500, 2100, 12600)


def test_discounts_apply_before_vat():
    line = InvoiceLine("desk", 1, 10000, discount_percent=15)
    assert line.net_cents() == 8500
    assert build_invoice("A-3", [line]).vat_cents == 1700


def test_zero_rated_lines_carry_no_vat():
    assert vat_cents(999, "zero") == 0


def test_unknown_category_is_named():
    with pytest.raises(UnknownRate, match="'food'"):
        vat_cents(100, "food")


def test_summary_layout():
    inv = build_invoice("A-4", [InvoiceLine("pen", 3, 199)])
    assert summary(inv).splitlines() == [
        "Invoice A-4",
        "  pen              5.97 +   1.19 VAT",
        "  total            7.16",
    ]
