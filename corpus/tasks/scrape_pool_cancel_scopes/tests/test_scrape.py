import pytest

from pool import ScrapePool
from scopes import CancelScope
from scraper import ScrapeWorker
from targets import StaticTarget, parse_samples


class ListStore:
    def __init__(self):
        self.rows, self.stopped = [], {}

    def put(self, target, series, value):
        self.rows.append((target, series, value))

    def note_stopped(self, worker, rounds):
        self.stopped[worker] = rounds


def test_parse_samples_reads_labels_and_values():
    text = '# HELP up\nup 1\nhttp_requests_total{code="200"} 1027\n\nqueue_depth{q="mail"} 3.5'
    assert parse_samples(text) == {("up", ""): 1.0, ("http_requests_total", 'code="200"'): 1027.0,
                                   ("queue_depth", 'q="mail"'): 3.5}
    with pytest.raises(ValueError):
        parse_samples("lonely_metric")


def test_cancelling_a_scope_cancels_its_children():
    root = CancelScope("jobs")
    nightly, hourly = root.child("nightly"), root.child("hourly")
    assert root.live_children() == ["jobs/hourly", "jobs/nightly"]
    root.cancel("deploy")
    assert nightly.cancelled and hourly.cancelled and nightly.reason == "deploy"
    assert root.child("late").cancelled


def test_worker_stops_when_its_token_is_already_cancelled():
    scope = CancelScope("solo")
    store = ListStore()
    worker = ScrapeWorker("w", [StaticTarget("db", ["up 1"])], store, scope.token())
    worker.scrape_once()
    scope.cancel()
    worker.run()
    assert store.rows == [("db", ("up", ""), 1.0)]
    assert store.stopped == {"w": 1}


def test_pool_scrapes_every_target_until_stopped():
    targets = [StaticTarget(f"node-{n}", [f'load{{cpu="{n}"}} {n}.25', "up 1"]) for n in range(4)]
    pool = ScrapePool(targets, workers=2)
    pool.start()
    pool.store.first_round.wait()
    stopped = pool.stop()
    assert sorted(stopped) == ["scraper-0", "scraper-1"]
    assert all(rounds >= 1 for rounds in stopped.values())
    assert pool.store.latest[("node-3", "load", 'cpu="3"')] == 3.25
    assert all(t.hits >= 1 for t in targets)
