from datetime import date

import pytest
from billing_run import run_billing
from calendar_util import Period
from ledger import Ledger
from subscriptions import Subscription
from usage import UsageError, UsageEvent, UsageStore

ROWS = [
    ("e1", "acme", "2024-03-02", "40000"),
    ("e2", "acme", "2024-03-20", "20000"),
    ("e3", "acme", "2024-04-01", "999"),
    ("e4", "blue", "2024-03-05", "700"),
]


def test_usage_is_summed_per_period():
    store = UsageStore()
    store.record_many(ROWS)
    march = Period(date(2024, 3, 1), date(2024, 4, 1))
    assert store.units_in("acme", march) == 60_000
    assert store.units_in("blue", march) == 700
    assert store.customers() == ["acme", "blue"]


def test_replayed_events_are_counted_once():
    store = UsageStore()
    store.record_many(ROWS)
    store.record_many(ROWS[:2])
    assert store.units_in("acme", Period(date(2024, 3, 1), date(2024, 4, 1))) == 60_000


def test_conflicting_or_malformed_usage_is_refused():
    store = UsageStore()
    store.record(UsageEvent("e1", "acme", date(2024, 3, 2), 5))
    with pytest.raises(UsageError, match="reported twice with different contents"):
        store.record(UsageEvent("e1", "acme", date(2024, 3, 2), 6))
    with pytest.raises(UsageError, match="usage row 1: .*expected \\(event_id"):
        store.record_many([("e9", "acme", "03/02/2024", "1")])
    with pytest.raises(UsageError, match="cannot be negative"):
        store.record(UsageEvent("e8", "acme", date(2024, 3, 2), -1))


def test_billing_run_posts_every_invoice():
    store = UsageStore()
    store.record_many(ROWS)
    acme = Subscription("acme", date(2024, 3, 1), "starter")
    acme.change_plan(date(2024, 3, 11), "team")
    blue = Subscription("blue", date(2024, 1, 1), "starter", region="US-OR")
    late = Subscription("late", date(2024, 5, 1), "team")
    ledger = Ledger()
    summary = run_billing([blue, late, acme], store, ledger, date(2024, 3, 31))
    assert summary.skipped == ["late"]
    assert summary.invoices == {"acme": 6187, "blue": 1900}
    assert ledger.account("acme").balance_cents == 6187
    assert summary.billed_cents == 8087
