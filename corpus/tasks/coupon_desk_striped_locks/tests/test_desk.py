import threading
from decimal import Decimal

import pytest

from checkout import checkout, subtotal
from codes import InvalidCode, normalize
from desk import CouponDesk, CouponExhausted


def test_codes_ignore_case_spaces_and_dashes():
    assert normalize(" spring-10 ") == "SPRING10"
    with pytest.raises(InvalidCode, match="not a coupon code"):
        normalize("10%OFF")


def test_discount_and_per_customer_limit():
    desk = CouponDesk()
    desk.launch("SPRING10", uses=5)
    assert desk.redeem("SPRING10", "ana", 59.90) == 5.99
    with pytest.raises(CouponExhausted, match="ana already used SPRING10"):
        desk.redeem("spring10", "ana", 20.00)
    assert desk.campaign("Spring-10").uses_left == 4


def test_checkout_charges_the_discounted_amount():
    desk = CouponDesk()
    desk.launch("WELCOME", uses=10, discount_pct=15)
    basket = [("mug", 2, 7.5), ("tea", 1, 4.99)]
    assert subtotal(basket) == Decimal("19.99")
    assert checkout(desk, "cy", basket, "welcome") == {
        "customer": "cy", "gross": Decimal("19.99"), "discount": Decimal("3.0"), "charge": Decimal("16.99")}
    assert checkout(desk, "cy", basket)["charge"] == Decimal("19.99")
    with pytest.raises(ValueError, match="quantity of tea"):
        subtotal([("tea", 0, 4.99)])


def test_unknown_code():
    desk = CouponDesk()
    with pytest.raises(KeyError, match="no campaign for code 'WINTER5'"):
        desk.redeem("WINTER5", "bo", 10)


def test_uses_run_out():
    desk = CouponDesk()
    desk.launch("VIP50", uses=2, discount_pct=50)
    assert [desk.redeem("vip50", who, 30) for who in ("a", "b")] == [15.0, 15.0]
    with pytest.raises(CouponExhausted, match="VIP50 has no uses left"):
        desk.redeem("VIP50", "c", 30)


def test_last_use_claimed_by_two_checkouts_at_once():
    first_checked, second_moved = threading.Event(), threading.Event()

    def monitor(event, stripe):
        if threading.current_thread().name == "checkout-2":
            second_moved.set()

    def on_checked(code, customer):
        if customer == "ana":
            first_checked.set()
            second_moved.wait()

    desk = CouponDesk(monitor=monitor, on_checked=on_checked)
    desk.launch("SPRING10", uses=1)
    outcomes = {}

    def checkout(code, customer):
        try:
            outcomes[customer] = desk.redeem(code, customer, 40.0)
        except CouponExhausted as exc:
            outcomes[customer] = str(exc)

    one = threading.Thread(target=checkout, args=("SPRING10", "ana"), name="checkout-1")
    two = threading.Thread(target=checkout, args=(" spring10 ", "bo"), name="checkout-2")
    one.start()
    first_checked.wait()
    two.start()
    one.join()
    two.join()
    assert outcomes == {"ana": 4.0, "bo": "SPRING10 has no uses left"}
    assert desk.campaign("SPRING10").uses_left == 0


def test_the_log_names_the_campaign_as_stored():
    desk = CouponDesk()
    desk.launch("SPRING10", uses=5)
    desk.redeem("SPRING10", "ana", 59.90)
    desk.redeem("spring-10", "bo", 10.00)
    assert desk.log == [("SPRING10", "ana", 5.99), ("SPRING10", "bo", 1.0)]
