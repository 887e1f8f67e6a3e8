import pytest
from fakedb import Database, QueryError
from pool import ConnectionPool
from repository import UserRepository


def test_connections_are_reused():
    db = Database()
    repo = UserRepository(ConnectionPool(db, size=2))
    for n in range(5):
        repo.save(n, {"name": f"user{n}"})
    assert repo.load(3) == {"name": "user3"}
    assert db.opened == 1


def test_query_errors_return_the_connection():
    pool = ConnectionPool(Database(), size=1)
    for _ in range(3):
        with pytest.raises(QueryError):
            with pool.connection() as conn:
                conn.execute("DROP")
    assert pool.stats()["idle"] == 1


def test_failover_then_normal_traffic():
    db = Database()
    pool = ConnectionPool(db, size=2)
    repo = UserRepository(pool)
    repo.save(1, {"name": "ada"})
    repo.simulate_failover = True
    assert repo.load_with_retry(1) == {"name": "ada"}
    assert repo.load_with_retry(1) == {"name": "ada"}
    repo.simulate_failover = False
    for n in range(4):
        assert repo.load(1) == {"name": "ada"}
    assert pool.stats()["in_use"] == 0


def test_dead_connections_are_not_handed_out_again():
    db = Database()
    pool = ConnectionPool(db, size=1)
    repo = UserRepository(pool)
    repo.simulate_failover = True
    assert repo.load_with_retry(9) is None
    assert all(conn.healthy for conn in pool._idle)
