import pytest

from batching import Batcher
from collector import Collector
from spool import Spool, WarehouseSink


def clicks(n, session="s-1"):
    return [{"session": session, "page": f"/p/{i}", "ts": 1700000000 + i} for i in range(n)]


def test_batcher_emits_full_batches_and_flushes_the_rest():
    seen = []
    batcher = Batcher(3, seen.append)
    for i in range(7):
        batcher.add(i)
    assert seen == [[0, 1, 2], [3, 4, 5]] and batcher.pending() == 1
    batcher.flush()
    batcher.flush()
    assert seen[-1] == [6] and batcher.batches == 3


def test_batch_size_must_be_positive():
    with pytest.raises(ValueError, match="at least 1"):
        Batcher(0, print)


def test_events_missing_fields_are_rejected():
    collector = Collector(WarehouseSink(), Spool())
    assert not collector.track({"session": "s-9", "page": "/"})
    assert collector.rejected == [({"session": "s-9", "page": "/"}, "missing ts")]
    assert not collector.track({"ts": 1})
    assert collector.rejected[-1][1] == "missing session, page"
    assert collector.track({"session": "s-9", "page": "/", "ts": 5})
    assert len(collector.rejected) == 2


def test_full_batches_are_uploaded_on_close():
    sink, spool = WarehouseSink(), Spool()
    collector = Collector(sink, spool, batch_size=5)
    for event in clicks(10):
        collector.track(event)
    assert collector.close() == {"uploaded": 10, "spooled": 0, "rejected": 0}
    assert [row["page"] for row in sink.rows][:2] == ["/p/0", "/p/1"]


def test_every_event_is_uploaded_on_close():
    sink, spool = WarehouseSink(), Spool()
    collector = Collector(sink, spool, batch_size=5)
    for event in clicks(12):
        collector.track(event)
    report = collector.close()
    assert sorted(row["page"] for row in sink.rows) == sorted(f"/p/{i}" for i in range(12))
    assert report == {"uploaded": 12, "spooled": 0, "rejected": 0}


def test_failed_uploads_are_spooled_and_replayed():
    sink, spool = WarehouseSink(fail_first=1), Spool()
    collector = Collector(sink, spool, batch_size=4, uploaders=1)
    for event in clicks(8):
        collector.track(event)
    report = collector.close()
    assert report["uploaded"] == 4 and report["spooled"] == 4
    assert spool.entries()[0]["reason"] == "warehouse unavailable"
    spool.replay(sink.write)
    assert spool.event_count() == 0 and len(sink.rows) == 8


def test_close_twice_reports_the_same():
    sink, spool = WarehouseSink(), Spool()
    collector = Collector(sink, spool, batch_size=3)
    for event in clicks(6, session="s-2") + [{"page": "/x"}]:
        collector.track(event)
    first = collector.close()
    assert first == {"uploaded": 6, "spooled": 0, "rejected": 1}
    assert collector.close() == first
    collector.track(clicks(1, session="s-3")[0])
    assert collector.close() == first
    assert {row["session"] for row in sink.rows} == {"s-2"}
