import itertools

import pytest

from checkout import Checkout
from client import PaymentClient
from gateway import Charge, FlakyGateway, GatewayTimeout
from ledger import RefundError, Refunds, reconcile

BASKET = [("kettle", 1, 3499), ("filter", 3, 250)]


def keys():
    counter = itertools.count(1)
    return lambda: f"key-{next(counter)}"


def test_plain_payment():
    gateway = FlakyGateway()
    result = Checkout(PaymentClient(gateway, key_factory=keys())).place("o-1", "4111111111111111", BASKET)
    assert result == {"status": "paid", "charge": "ch_1", "cents": 4249}
    assert gateway.requests == 1


def test_declined_card():
    gateway = FlakyGateway(declined_cards={"4000000000000002"})
    result = Checkout(PaymentClient(gateway, key_factory=keys())).place("o-2", "4000000000000002", BASKET)
    assert result == {"status": "declined", "reason": "card ending 0002 declined"}
    assert gateway.charges == []


def test_timeout_before_the_charge_is_retried():
    gateway = FlakyGateway(timeouts_before_charge=2)
    result = Checkout(PaymentClient(gateway, key_factory=keys())).place("o-3", "4111111111111111", BASKET)
    assert result["status"] == "paid" and gateway.requests == 3
    assert gateway.total_charged("o-3") == 4249


def test_gives_up_after_the_last_attempt():
    gateway = FlakyGateway(timeouts_before_charge=5)
    with pytest.raises(GatewayTimeout):
        PaymentClient(gateway, attempts=3, key_factory=keys()).charge("o-4", "4111111111111111", 100)
    assert gateway.requests == 3


def test_zero_amount_is_refused():
    with pytest.raises(ValueError, match="got 0 cents"):
        PaymentClient(FlakyGateway()).charge("o-5", "4111111111111111", 0)


def test_lost_answer_does_not_charge_twice():
    gateway = FlakyGateway(timeouts_after_charge=1)
    client = PaymentClient(gateway, key_factory=keys())
    result = Checkout(client).place("o-6", "4111111111111111", BASKET)
    assert result == {"status": "paid", "charge": "ch_1", "cents": 4249}
    assert gateway.total_charged("o-6") == 4249


def test_resubmitted_order_is_charged_once():
    gateway = FlakyGateway()
    checkout = Checkout(PaymentClient(gateway, key_factory=keys()))
    first = checkout.place("o-7", "4111111111111111", BASKET)
    again = checkout.place("o-7", "4111111111111111", BASKET)
    assert first == again and len(gateway.charges) == 1


def test_reconciliation_of_a_day_with_timeouts():
    gateway = FlakyGateway(timeouts_after_charge=1)
    checkout = Checkout(PaymentClient(gateway, key_factory=keys()))
    checkout.place("o-8", "4111111111111111", BASKET)
    checkout.place("o-9", "4111111111111111", [("mug", 2, 800)])
    assert reconcile(checkout.orders, gateway.charges) == {}


def test_reconciliation_flags_mismatches():
    orders = {"a": {"status": "paid", "cents": 100}, "b": {"status": "paid", "cents": 200}}
    charges = [Charge("ch_1", "a", 150), Charge("ch_2", "z", 10)]
    assert reconcile(orders, charges) == {"a": "charged 150 cents, order says 100",
                                          "b": "paid in the shop but never charged",
                                          "z": "charged but unknown to the shop"}


def test_partial_refunds():
    refunds, charge = Refunds(), Charge("ch_9", "o-1", 4249)
    assert refunds.refund(charge, 3499) == 750
    with pytest.raises(RefundError, match="only 750 cents of ch_9"):
        refunds.refund(charge, 1000)


def test_a_charge_made_without_a_key_keeps_one_key_for_its_retries():
    gateway = FlakyGateway(timeouts_after_charge=1)
    client = PaymentClient(gateway, key_factory=keys())
    client.charge("o-9", "4111111111111111", 500)
    assert client.attempts == [("o-9", "key-1"), ("o-9", "key-1")]
    assert gateway.total_charged("o-9") == 500
