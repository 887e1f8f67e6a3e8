import threading
from decimal import Decimal

from billing import invoice_lines
from meter import UsageMeter
from quota import QuotaWatch


def two_requests_at_once(meter, customer, first, second):
    """Two request threads record usage; the quota hook makes them meet mid-way like busy threads do."""
    threads = [threading.Thread(target=meter.record, args=(customer, units), daemon=True)
               for units in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(2)
    return meter


def rendezvous_hook():
    barrier = threading.Barrier(2)

    def on_check(customer):
        try:
            barrier.wait(timeout=1.0)
        except threading.BrokenBarrierError:
            pass  # the other request is not in flight right now

    return on_check


def test_concurrent_requests_are_all_billed():
    meter = UsageMeter(QuotaWatch({"acme": 100}, on_check=rendezvous_hook()))
    two_requests_at_once(meter, "acme", 3, 5)
    assert meter.journal_total("acme") == 8
    assert meter.total("acme") == 8


def test_sequential_usage_adds_up():
    meter = UsageMeter()
    for units in (10, 20, 30):
        meter.record("acme", units)
    meter.record("globex", 7)
    assert meter.snapshot() == {"acme": 60, "globex": 7}


def test_quota_alert_fires_once_when_crossed():
    watch = QuotaWatch({"acme": 50})
    meter = UsageMeter(watch)
    for units in (20, 20, 20, 20):
        meter.record("acme", units)
    assert watch.alerts == [("acme", 50, 60)]


def test_invoice_lines():
    meter = UsageMeter()
    meter.record("acme", 1500)
    meter.record("globex", 250)
    assert [line[2] for line in invoice_lines(meter, ["globex", "acme"])] == [Decimal("3.00"), Decimal("0.50")]
