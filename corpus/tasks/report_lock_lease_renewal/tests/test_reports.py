import pytest
from clock import ManualClock
from lease import Lease
from lockserver import LeaseLost, LockBusy, LockServer
from reports import ReportStore, StaleWriter
from worker import ReportWorker

SECTIONS = ["summary", "revenue", "costs", "headcount", "risks", "outlook"]


def make_setup():
    clock = ManualClock()
    server = LockServer(clock, up_s=0.5, down_s=0.5)
    store = ReportStore()

    def worker(owner):
        return ReportWorker(Lease(server, clock, "monthly-report", owner, ttl_s=4.0), store, clock)
    return clock, server, store, worker


def test_a_short_report_needs_no_renewal():
    clock, server, store, worker = make_setup()
    ann = worker("ann")
    assert ann.run(SECTIONS[:2]) == 2
    assert (ann.renewals, store.sections["revenue"], clock.now()) == (0, "revenue by ann", 3.0)


def test_a_second_worker_is_kept_out():
    clock, server, store, worker = make_setup()
    worker("ann").lease.acquire()
    with pytest.raises(LockBusy, match="monthly-report is held by ann"):
        worker("bob").lease.acquire()


def test_the_store_refuses_writers_with_an_old_token():
    store = ReportStore()
    store.write("summary", "v2", token=2)
    with pytest.raises(StaleWriter, match="token 1 is older than 2"):
        store.write("summary", "v1", token=1)
    assert (store.sections, store.refused) == ({"summary": "v2"}, [("summary", 1)])


def test_renewing_a_lease_that_was_taken_over_fails():
    clock, server, store, worker = make_setup()
    ann = worker("ann").lease
    ann.acquire()
    clock.advance(5)
    worker("bob").lease.acquire()
    with pytest.raises(LeaseLost, match="ann no longer holds monthly-report"):
        ann.renew()


def test_a_crashed_worker_is_replaced_after_its_lease_runs_out():
    clock, server, store, worker = make_setup()
    assert worker("ann").run(SECTIONS, stop_after=1) == 1
    clock.advance(4)
    bob = worker("bob")
    assert bob.run(SECTIONS[1:3]) == 2
    assert store.sections == {"summary": "summary by ann", "revenue": "revenue by bob", "costs": "costs by bob"}


def test_a_long_report_keeps_its_lease_by_renewing_in_time():
    clock, server, store, worker = make_setup()
    ann = worker("ann")
    assert ann.run(SECTIONS) == 6
    assert ann.renewals >= 2
    assert set(store.sections.values()) == {f"{s} by ann" for s in SECTIONS}
    assert server.expiry("monthly-report") > clock.now()
