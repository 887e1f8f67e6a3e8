import pytest
from shards import LogShard, Query
from timeline import first_error_by_host, render, timeline

H = 3_600_000


def cluster():
    web, db, queue = LogShard("ip-10-0-0-5"), LogShard("ip-10-0-0-9"), LogShard("ip-10-0-1-2")
    web.write(10 * H + 1_000, "INFO", "GET /checkout 200")
    web.write(10 * H + 4_100, "ERROR", "GET /checkout 502 upstream timeout")
    web.write(10 * H + 4_300, "ERROR", "GET /cart 502 upstream timeout")
    db.write(10 * H + 2_900, "WARN", "replication lag 4s")
    db.write(10 * H + 3_400, "ERROR", "connection pool exhausted")
    queue.write(10 * H + 500, "INFO", "consumer started")
    queue.write(10 * H + 3_900, "WARN", "checkout job retried")
    return [web, db, queue]


SKEW = {"ip-10-0-0-5": 0, "ip-10-0-0-9": 1_200, "ip-10-0-1-2": -300}
NAMES = {"ip-10-0-0-5": "web-1", "ip-10-0-0-9": "db-1", "ip-10-0-1-2": "queue-1"}


def test_single_shard_keeps_its_order():
    shards = cluster()[:1]
    assert render(timeline(shards, Query(min_level="ERROR"))) == [
        "10:00:04.100 [ip-10-0-0-5] ERROR GET /checkout 502 upstream timeout",
        "10:00:04.300 [ip-10-0-0-5] ERROR GET /cart 502 upstream timeout"]


def test_merge_without_clock_corrections():
    records = timeline(cluster(), Query(min_level="WARN"))
    assert [r.host for r in records] == ["ip-10-0-0-9", "ip-10-0-0-9", "ip-10-0-1-2", "ip-10-0-0-5", "ip-10-0-0-5"]


def test_incident_timeline_on_the_reference_clock():
    records = timeline(cluster(), Query(min_level="WARN"), SKEW, NAMES)
    assert render(records) == [
        "10:00:01.700 [db-1] WARN replication lag 4s",
        "10:00:02.200 [db-1] ERROR connection pool exhausted",
        "10:00:04.100 [web-1] ERROR GET /checkout 502 upstream timeout",
        "10:00:04.200 [queue-1] WARN checkout job retried",
        "10:00:04.300 [web-1] ERROR GET /cart 502 upstream timeout"]


def test_first_error_per_host():
    records = timeline(cluster(), Query(min_level="ERROR"), SKEW, NAMES)
    assert first_error_by_host(records) == {"db-1": "10:00:02.200", "web-1": "10:00:04.100"}


def test_text_search_and_paging():
    records = timeline(cluster(), Query(text="checkout"), SKEW, NAMES, limit=2)
    assert render(records) == ["10:00:01.000 [web-1] INFO GET /checkout 200",
                               "10:00:04.100 [web-1] ERROR GET /checkout 502 upstream timeout"]


def test_streams_are_lazy():
    shards = cluster()
    timeline(shards, Query(), limit=1)
    assert [s.scans for s in shards] == [1, 1, 1]


def test_out_of_order_writes_are_refused():
    shard = LogShard("h")
    shard.write(5, "INFO", "a")
    with pytest.raises(ValueError, match="records must be written in time order"):
        shard.write(4, "INFO", "b")
    with pytest.raises(ValueError, match="unknown level 'FATAL'"):
        shard.write(6, "FATAL", "c")


def test_incident_starts_on_the_database():
    from incidents import incidents

    records = timeline(cluster(), Query(min_level="WARN"), SKEW, NAMES)
    [incident] = incidents(records)
    assert incident.summary() == "10:00:01.700-10:00:04.300: 5 records on db-1, queue-1, web-1; started on db-1"


def test_quiet_gap_splits_incidents():
    from incidents import incidents

    web, db = LogShard("web"), LogShard("db")
    web.write(1_000, "ERROR", "a")
    web.write(9_000, "WARN", "b")
    db.write(9_500, "ERROR", "c")
    found = incidents(timeline([web, db], Query(min_level="WARN")))
    assert [(i.records, i.origin) for i in found] == [(1, "web"), (2, "db")]
    assert found[1].summary() == "00:00:09.000-00:00:09.500: 2 records on db, web; started on db"


def test_clock_formatting():
    from timeline import clock

    assert clock(0) == "00:00:00.000"
    assert clock(23 * H + 59 * 60_000 + 59_999) == "23:59:59.999"
