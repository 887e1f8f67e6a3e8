import pytest

from database import Server, TooManyConnections
from exports import export_all, statement
from pool import ExportPool

LEDGER = [{"account": "A1", "date": "2024-03-02", "text": "invoice 7", "cents": 12000},
          {"account": "A1", "date": "2024-03-01", "text": "opening", "cents": 5000},
          {"account": "B2", "date": "2024-03-05", "text": "refund", "cents": -2550},
          {"account": "C3", "date": "2024-03-07", "text": "fee", "cents": 199}]


def server(**kw):
    return Server({"ledger": LEDGER}, **kw)


def test_statement_csv():
    conn = server().connect()
    assert statement(conn, "A1") == ("date,text,amount\n2024-03-01,opening,50.00\n"
                                     "2024-03-02,invoice 7,120.00\n,balance,170.00\n")
    with pytest.raises(LookupError, match="no ledger rows for account Z9"):
        statement(conn, "Z9")


def test_connection_limit():
    srv = server(max_connections=1)
    first = srv.connect()
    with pytest.raises(TooManyConnections):
        srv.connect()
    first.close()
    assert srv.connect().number == 2


def test_exports_and_failures_are_reported():
    pool = ExportPool(server(), workers=2)
    done, failed = export_all(pool, ["A1", "B2", "Z9", "C3"])
    assert sorted(done) == ["A1", "B2", "C3"]
    assert failed == {"Z9": "no ledger rows for account Z9"}
    assert done["B2"].splitlines()[-1] == ",balance,-25.50"


def test_shutdown_closes_every_connection():
    srv = server()
    pool = ExportPool(srv, workers=3)
    export_all(pool, ["A1", "B2", "C3"] * 3)
    assert srv.open_connections() == []


def test_nightly_exports_stay_within_the_connection_limit():
    srv = server(max_connections=2)
    for night in range(3):
        done, failed = export_all(ExportPool(srv, workers=1), ["A1", "B2"])
        assert failed == {} and len(done) == 2, f"night {night}: {failed}"


def test_each_worker_uses_its_own_connection():
    pool = ExportPool(server(), workers=1)
    for n in range(3):
        pool.submit(n, lambda conn: (conn.owner, conn.number))
    results = pool.shutdown()
    assert results == {0: ("export-0", 1), 1: ("export-0", 1), 2: ("export-0", 1)}
    assert pool.shutdown() == results
    assert not any(t.is_alive() for t in pool._threads)
