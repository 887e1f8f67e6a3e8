from datetime import date

import pytest
from calendar_util import Period
from invoicing import Invoice
from ledger import Ledger, PaymentError
from subscriptions import Subscription


def invoice(customer, period, *amounts):
    inv = Invoice(customer, period)
    for cents in amounts:
        inv.add("fee", "item", cents)
    return inv


def test_invoices_and_payments_move_the_balance():
    ledger = Ledger()
    ledger.post_invoice(invoice("acme", "2024-01", 1900, 361))
    ledger.post_invoice(invoice("acme", "2024-02", 1900))
    assert ledger.post_payment("acme", 2261, "tx-1") == 1900
    assert not ledger.settled("acme")
    ledger.post_payment("acme", 1900, "tx-2")
    assert ledger.settled("acme")
    assert [kind for kind, _, _ in ledger.account("acme").entries] == ["invoice", "invoice", "payment", "payment"]


def test_overpayment_is_refused_with_advice():
    ledger = Ledger()
    ledger.post_invoice(invoice("bo", "2024-01", 500))
    with pytest.raises(PaymentError, match="refund the difference instead"):
        ledger.post_payment("bo", 501, "tx-9")
    with pytest.raises(PaymentError, match="must be positive"):
        ledger.post_payment("bo", 0, "tx-10")


def test_segments_follow_plan_changes():
    sub = Subscription("s", date(2024, 3, 1), "starter")
    sub.change_plan(date(2024, 3, 11), "team")
    sub.change_plan(date(2024, 4, 5), "business")
    march = Period(date(2024, 3, 1), date(2024, 4, 1))
    assert sub.segments(march) == [("starter", date(2024, 3, 1), date(2024, 3, 11)),
                                   ("team", date(2024, 3, 11), date(2024, 4, 1))]
    assert sub.plan_on(date(2024, 4, 30)) == "business"


def test_change_back_to_the_same_plan_is_one_segment():
    sub = Subscription("s", date(2024, 3, 1), "team")
    sub.change_plan(date(2024, 3, 11), "team")
    assert len(sub.segments(Period(date(2024, 3, 1), date(2024, 4, 1)))) == 1


def test_plan_changes_are_validated():
    sub = Subscription("s", date(2024, 3, 1), "team")
    with pytest.raises(ValueError, match="before the start"):
        sub.change_plan(date(2024, 2, 1), "starter")
    sub.change_plan(date(2024, 3, 20), "starter")
    with pytest.raises(ValueError, match="in date order"):
        sub.change_plan(date(2024, 3, 10), "team")


def test_each_customer_has_a_separate_account():
    ledger = Ledger()
    ledger.post_invoice(invoice("a", "2024-01", 100))
    ledger.post_invoice(invoice("b", "2024-01", 250, 50))
    ledger.post_payment("b", 300, "tx-3")
    assert ledger.account("a").balance_cents == 100
    assert ledger.settled("b") and not ledger.settled("a")
    assert ledger.account("b").entries[0] == ("invoice", "2024-01", 300)


def test_plan_on_a_day_before_any_change_is_the_starting_plan():
    sub = Subscription("s", date(2024, 3, 1), "starter")
    sub.change_plan(date(2024, 3, 15), "business")
    assert sub.plan_on(date(2024, 3, 14)) == "starter"
    assert sub.plan_on(date(2024, 3, 15)) == "business"
