from decimal import Decimal

from invoices import build_invoices, totals
from sources import billing_stream

ORDERS = [(10, "acme", "120.00"), (20, "globex", "80.00"), (30, "acme", "45.50"), (50, "initech", "10.00")]
CREDITS = [(25, "acme", "20.00"), (40, "globex", "5.00")]


def test_totals_per_customer_over_a_mixed_period():
    result = totals(build_invoices(billing_stream(ORDERS, CREDITS)))
    assert result == {"acme": Decimal("145.50"), "globex": Decimal("75.00"), "initech": Decimal("10.00")}


def test_lines_stay_in_time_order():
    invoices = build_invoices(billing_stream(ORDERS, CREDITS))
    acme = invoices[0]
    assert [line.at for line in acme.lines] == [10, 25, 30]
    assert [line.kind for line in acme.lines] == ["order", "credit", "order"]


def test_single_customer_period():
    result = totals(build_invoices(billing_stream([(1, "acme", "5.00"), (2, "acme", "7.25")], [(3, "acme", "1.25")])))
    assert result == {"acme": Decimal("11.00")}


def test_empty_period():
    assert build_invoices(billing_stream([], [])) == []


def test_merged_stream_is_chronological():
    assert [line.at for line in billing_stream(ORDERS, CREDITS)] == [10, 20, 25, 30, 40, 50]
