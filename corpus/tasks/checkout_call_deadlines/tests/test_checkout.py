import pytest
from checkout import Checkout, CheckoutFailed, Order
from clock import ManualClock
from deadline import Deadline, DeadlineExceeded
from propagation import BadDeadlineHeader, incoming_deadline, outgoing_headers
from services import Service

ITEMS = {"kettle": 1, "mug": 2}


def shop(clock, reserve=0.2, charge=0.3, quote=0.2):
    return Checkout(clock, Service("inventory", clock, {"reserve": reserve}),
                    Service("payments", clock, {"charge": charge}),
                    Service("shipping", clock, {"quote": quote}), budget_s=2.0)


def test_deadlines_count_down_on_the_clock():
    clock = ManualClock(100.0)
    deadline = Deadline.after(clock, 2.0)
    clock.advance(1.5)
    assert (deadline.remaining(), deadline.expired()) == (0.5, False)
    clock.advance(1.0)
    assert (deadline.remaining(), deadline.expired()) == (0.0, True)
    with pytest.raises(ValueError, match="positive budget"):
        Deadline.after(clock, 0)


def test_a_fresh_deadline_is_capped_per_service():
    clock = ManualClock()
    assert outgoing_headers(Deadline.after(clock, 2.0), cap_s=1.0) == {"x-deadline-ms": "1000"}
    assert outgoing_headers(Deadline.after(clock, 0.25), cap_s=1.0) == {"x-deadline-ms": "250"}
    assert incoming_deadline(clock, {}, default_s=5.0).remaining() == 5.0
    with pytest.raises(BadDeadlineHeader, match="got '-3'"):
        incoming_deadline(clock, {"x-deadline-ms": "-3"}, default_s=5.0)


def test_headers_carry_whole_milliseconds_down_to_the_last_one():
    clock = ManualClock()
    assert outgoing_headers(Deadline.after(clock, 2.0), cap_s=5.0) == {"x-deadline-ms": "2000"}
    assert outgoing_headers(Deadline.after(clock, 2.0), cap_s=1.005) == {"x-deadline-ms": "1005"}
    assert outgoing_headers(Deadline.after(clock, 0.001), cap_s=1.0) == {"x-deadline-ms": "1"}


def test_a_half_spent_deadline_passes_on_what_is_left():
    clock = ManualClock()
    deadline = Deadline.after(clock, 2.0)
    clock.advance(1.7)
    assert outgoing_headers(deadline, cap_s=1.0) == {"x-deadline-ms": "300"}
    clock.advance(0.3)
    with pytest.raises(DeadlineExceeded, match="no time left"):
        outgoing_headers(deadline, cap_s=1.0)


def test_a_pickup_order_is_placed():
    clock = ManualClock()
    checkout = shop(clock)
    order = checkout.place(ITEMS, 2400, "4242424242424242")
    assert order == Order(ITEMS, 2400, 0, False)
    assert (checkout.reserved, checkout.charged, clock.now()) == (ITEMS, [2400], 0.5)


def test_a_declined_card_releases_the_stock():
    checkout = shop(ManualClock())
    with pytest.raises(CheckoutFailed, match="card ending 0002 was declined"):
        checkout.place(ITEMS, 2400, "0000111100000002")
    assert (checkout.reserved, checkout.charged, checkout.refunds) == ({}, [], [])


def test_a_payment_slower_than_its_cap_is_cut_off():
    clock = ManualClock()
    checkout = shop(clock, reserve=0.8, charge=1.5)
    with pytest.raises(CheckoutFailed) as failure:
        checkout.place(ITEMS, 2400, "4242424242424242")
    assert str(failure.value) == "checkout failed after 1.8s: payments.charge gave no answer within 1s"
    assert checkout.reserved == {}


def test_a_delivery_that_outruns_the_request_budget_is_undone():
    clock = ManualClock()
    checkout = shop(clock, reserve=0.8, charge=0.9, quote=0.6)
    with pytest.raises(CheckoutFailed) as failure:
        checkout.place(ITEMS, 2400, "4242424242424242", delivery=True)
    assert str(failure.value) == "checkout failed after 2s: shipping.quote gave no answer within 0.3s"
    assert (checkout.reserved, checkout.refunds) == ({}, [2400])
