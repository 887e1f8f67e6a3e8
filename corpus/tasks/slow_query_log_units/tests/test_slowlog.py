import pytest
from db import Database, UnknownTable
from review import summary, worst
from slowlog import SlowQueryLog, bucket_for, normalize
from timing import FakeNanoClock, Stopwatch

TABLES = {"orders": [{"id": 1, "total": 30}], "customers": []}


def database(costs_ms=None, threshold_ms=200.0):
    clock, slowlog = FakeNanoClock(), SlowQueryLog(threshold_ms=threshold_ms)
    return Database(clock, slowlog, TABLES, costs_ms), slowlog, clock


def test_statements_are_masked_before_grouping():
    assert normalize("SELECT *  FROM orders\n WHERE id = 42 AND note = 'rush'") == (
        "SELECT * FROM orders WHERE id = ? AND note = ?")
    assert normalize("INSERT INTO t2 VALUES (7, 'x')") == "INSERT INTO t2 VALUES (?, ?)"


def test_histogram_buckets_are_in_milliseconds():
    assert [bucket_for(ms) for ms in (0.4, 10, 49.9, 199, 999, 5000)] == [
        "<10ms", "<50ms", "<50ms", "<200ms", "<1000ms", ">=1000ms"]


def test_the_stopwatch_counts_nanoseconds():
    clock = FakeNanoClock()
    with Stopwatch(clock) as watch:
        clock.spend_ms(2.5)
    assert watch.elapsed_ns == 2_500_000


def test_statements_run_against_the_tables():
    db, _, _ = database()
    assert db.execute("insert", "INSERT INTO customers VALUES ('ann')", "customers", {"name": "ann"}) == 1
    assert db.execute("select", "SELECT * FROM customers", "customers") == [{"name": "ann"}]
    with pytest.raises(UnknownTable, match="no table 'invoices'"):
        db.execute("select", "SELECT * FROM invoices", "invoices")


def test_only_slow_statements_are_kept():
    db, slowlog, _ = database(costs_ms={"select": 350})
    db.execute("insert", "INSERT INTO orders VALUES (2, 12)", "orders", {"id": 2, "total": 12})
    db.execute("select", "SELECT * FROM orders WHERE total > 10", "orders")
    db.execute("select", "SELECT * FROM orders WHERE total > 25", "orders")
    assert worst(slowlog) == [("SELECT * FROM orders WHERE total > ?", 2, 350.0)]
    assert summary(slowlog) == "4 statements, mean 175.75ms, 2 slow (50%)"


def test_fast_traffic_fills_the_low_buckets():
    db, slowlog, _ = database()
    for _ in range(3):
        db.execute("select", "SELECT * FROM orders", "orders")
    assert dict(slowlog.histogram) == {"<10ms": 4}
    assert (len(slowlog.entries), slowlog.mean_ms()) == (0, 4.0)


def test_the_review_draws_the_histogram():
    from review import histogram_lines

    slowlog = SlowQueryLog()
    slowlog.histogram.update({"<10ms": 4, "<50ms": 2, ">=1000ms": 1})
    assert histogram_lines(slowlog, width=8) == [
        "    <10ms ######## 4",
        "    <50ms ####     2",
        "   <200ms          0",
        "  <1000ms          0",
        " >=1000ms ##       1",
    ]
    assert histogram_lines(SlowQueryLog(), width=4)[0] == "    <10ms      0"


def test_a_statement_at_the_threshold_is_kept_to_a_tenth_of_a_millisecond():
    log = SlowQueryLog(threshold_ms=1.0)
    assert [log.record(sql, ns) for sql, ns in (("SELECT 1", 1_000_000), ("SELECT 2", 1_249_999),
                                                 ("SELECT 3", 1_250_001))] == [True, True, True]
    assert [entry.elapsed_ms for entry in log.entries] == [1.0, 1.2, 1.3]
