from datetime import date

import pytest
from discounts import UnknownCoupon
from invoicing import build_invoice, overage_charge, render
from subscriptions import Subscription
from tax import UnknownRegion


def test_upgrade_in_the_middle_of_march():
    sub = Subscription("acme", date(2024, 3, 1), "starter")
    sub.change_plan(date(2024, 3, 11), "team")
    inv = build_invoice(sub, date(2024, 3, 20), usage_units=60_000)
    assert [(line.kind, line.cents) for line in inv.lines] == [
        ("fee", 613), ("fee", 3386), ("usage", 1200), ("tax", 988)]
    assert inv.total_cents == 6187


def test_half_a_thirty_day_month_on_the_team_plan_rounds_the_half_cent_up():
    # 49.99 for 15 of April's 30 days is 24.995: half a cent, rounded up like the finance spreadsheet does.
    sub = Subscription("half", date(2024, 4, 1), "starter", region="US-OR")
    sub.change_plan(date(2024, 4, 16), "team")
    inv = build_invoice(sub, date(2024, 4, 20), usage_units=0)
    assert [(line.kind, line.cents) for line in inv.lines if line.kind == "fee"] == [("fee", 950), ("fee", 2500)]


def test_a_plain_month_on_the_starter_plan():
    sub = Subscription("blue", date(2024, 1, 1), "starter", region="US-OR")
    inv = build_invoice(sub, date(2024, 1, 15), usage_units=500)
    assert inv.total_cents == 1900
    assert render(inv).splitlines()[1].split()[-1] == "19.00"


def test_every_plan_costs_its_list_price_for_a_whole_period():
    for code, cents in [("starter", 1900), ("team", 4999), ("business", 12900)]:
        for day in (date(2024, 1, 15), date(2024, 2, 15), date(2024, 4, 15)):
            sub = Subscription("c", date(2024, 1, 1), code, region="US-OR")
            assert build_invoice(sub, day, usage_units=0).sum_of("fee") == cents, (code, day)


def test_downgrade_and_back_bills_three_segments():
    sub = Subscription("dyn", date(2024, 4, 1), "business", region="US-OR")
    sub.change_plan(date(2024, 4, 11), "team")
    sub.change_plan(date(2024, 4, 21), "business")
    inv = build_invoice(sub, date(2024, 4, 25), usage_units=0)
    assert [line.description for line in inv.lines if line.kind == "fee"] == [
        "Business plan, 10/30 days", "Team plan, 10/30 days", "Business plan, 10/30 days"]
    assert inv.sum_of("fee") == 4300 + 1666 + 4300


def test_percent_coupon_applies_to_fees_not_usage():
    sub = Subscription("np", date(2024, 1, 1), "team", region="UK", coupon="nonprofit50")
    inv = build_invoice(sub, date(2024, 1, 10), usage_units=51_000)
    assert inv.sum_of("usage") == 120
    assert inv.sum_of("discount") == -2500
    assert inv.sum_of("tax") == round((4999 + 120 - 2500) * 0.20)


def test_fixed_coupon_never_makes_an_invoice_negative():
    sub = Subscription("tiny", date(2024, 1, 1), "free", region="US-OR", coupon="SORRY5")
    inv = build_invoice(sub, date(2024, 1, 10), usage_units=10)
    assert inv.total_cents == 0


def test_free_plan_overage_is_free():
    assert overage_charge("free", 5_000) == (4_000, 0)
    assert overage_charge("starter", 10_003) == (3, 0)
    assert overage_charge("starter", 10_004) == (4, 1)


def test_unknown_coupon_and_region_are_explained():
    sub = Subscription("x", date(2024, 1, 1), "starter", coupon="SPRING")
    with pytest.raises(UnknownCoupon, match="'SPRING' does not exist"):
        build_invoice(sub, date(2024, 1, 2), 0)
    sub = Subscription("y", date(2024, 1, 1), "starter", region="MARS")
    with pytest.raises(UnknownRegion, match="add it to tax.RATES"):
        build_invoice(sub, date(2024, 1, 2), 0)


def test_rendered_invoice_lists_every_line_and_the_total():
    sub = Subscription("acme", date(2024, 3, 1), "starter", coupon="welcome20")
    sub.change_plan(date(2024, 3, 11), "team")
    text = render(build_invoice(sub, date(2024, 3, 31), usage_units=0))
    lines = text.splitlines()
    assert lines[0] == "Invoice for acme, period 2024-03-01..2024-03-31"
    assert [row.split()[0] for row in lines[1:]] == ["Starter", "Team", "coupon", "tax", "TOTAL"]
    assert lines[3].split()[-1] == "-8.00"
