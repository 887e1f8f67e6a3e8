from datetime import date

import pytest
from cart import Cart
from promotions import FixedPrice, PercentOff
from receipt import badge_summary, receipt_rows, savings_cents, vat_breakdown

SPRING = PercentOff("SPRING10", "tools", 10, date(2025, 3, 1), date(2025, 5, 31))
SEEDS = FixedPrice("SEEDS2", "SDT", 200, date(2025, 1, 1), date(2025, 12, 31))
SEED_SALE = PercentOff("SEED25", "seeds", 25, date(2025, 4, 1), date(2025, 4, 30))


def test_no_promotions_bills_list_prices():
    cart = Cart(today=date(2025, 6, 1))
    cart.add("GLV")
    cart.add("CMP", 2)
    assert receipt_rows(cart) == [
        "Gloves 1 x 8.99 = 8.99", "Compost 40L 2 x 6.50 = 13.00",
        "VAT reduced incl. 0.62", "VAT standard incl. 1.50", "TOTAL 21.99"]


def test_single_tool_gets_the_spring_discount():
    cart = Cart([SPRING], today=date(2025, 4, 2))
    cart.add("TRW", 2)
    assert receipt_rows(cart)[0] == "Trowel 2 x 9.00 = 18.00 [SPRING10; was 10.00]"
    assert savings_cents(cart) == 200


def test_expired_promotion_is_ignored():
    cart = Cart([SPRING], today=date(2025, 6, 1))
    cart.add("SEC")
    assert receipt_rows(cart)[-1] == "TOTAL 24.50"


def test_two_tools_each_get_ten_percent():
    cart = Cart([SPRING], today=date(2025, 4, 2))
    cart.add("TRW")
    cart.add("SEC")
    assert receipt_rows(cart) == [
        "Trowel 1 x 9.00 = 9.00 [SPRING10; was 10.00]",
        "Secateurs 1 x 22.05 = 22.05 [SPRING10; was 24.50]",
        "VAT standard incl. 5.18", "TOTAL 31.05", "You saved 3.45 today"]


def test_changing_quantity_keeps_the_promotional_price():
    cart = Cart([SPRING, SEEDS], today=date(2025, 4, 2))
    cart.add("SDT", 3)
    cart.add("TRW")
    cart.set_quantity("SDT", 5)
    cart.add("GLV")
    assert [(line.product.sku, line.unit_cents) for line in cart.lines] == [("SDT", 200), ("TRW", 900), ("GLV", 899)]
    assert vat_breakdown(cart) == {"reduced": 48, "standard": 300}


def test_stacked_rules_apply_in_order():
    cart = Cart([SEEDS, SEED_SALE], today=date(2025, 4, 15))
    cart.add("SDT", 4)
    cart.add("SDB")
    assert receipt_rows(cart)[:2] == [
        "Tomato seeds 4 x 1.50 = 6.00 [SEEDS2, SEED25; was 2.50]",
        "Basil seeds 1 x 1.49 = 1.49 [SEED25; was 1.99]"]


def test_removing_a_line():
    cart = Cart([SPRING], today=date(2025, 4, 2))
    cart.add("SEC")
    cart.add("CMP")
    cart.set_quantity("CMP", 0)
    assert [line.product.sku for line in cart.lines] == ["SEC"]
    assert cart.lines[0].total_cents == 2205


def test_unknown_product_is_refused():
    cart = Cart()
    with pytest.raises(KeyError, match="unknown SKU 'XYZ'"):
        cart.add("XYZ")
    with pytest.raises(ValueError, match="at least 1"):
        cart.add("TRW", 0)


def test_marketing_counts_units_per_promotion():
    cart = Cart([SPRING, SEEDS, SEED_SALE], today=date(2025, 4, 20))
    cart.add("SDT", 2)
    cart.add("SDB", 3)
    cart.add("TRW")
    assert badge_summary(cart) == {"SEED25": 5, "SEEDS2": 2, "SPRING10": 1}
    assert savings_cents(cart) == 2 * 100 + 3 * 50 + 100
