import pytest
from gateway import Clock, Gateway
from limiter import SlidingLog


def test_a_steady_client_at_the_exact_rate_is_never_refused():
    log = SlidingLog(limit=1, window=5)
    assert all(log.allow(t) for t in range(0, 50, 5))


def test_client_that_waits_the_advertised_retry_after_is_let_in():
    clock = Clock()
    gw = Gateway(clock, limit=3, window=60)
    for _ in range(3):
        assert gw.handle("k1") == (200, {})
        clock.advance(10)
    status, headers = gw.handle("k1")
    assert status == 429
    clock.advance(int(headers["Retry-After"]))
    assert gw.handle("k1") == (200, {})


def test_limit_within_the_window():
    clock = Clock()
    gw = Gateway(clock, limit=2, window=10)
    assert [gw.handle("a")[0] for _ in range(3)] == [200, 200, 429]


def test_clients_are_limited_separately():
    clock = Clock()
    gw = Gateway(clock, limit=1, window=10)
    assert gw.handle("a")[0] == 200
    assert gw.handle("b")[0] == 200
    assert gw.handle("a")[0] == 429


def test_old_requests_stop_counting_after_the_window():
    log = SlidingLog(limit=2, window=30)
    assert log.allow(0) and log.allow(1)
    assert not log.allow(29)
    assert log.allow(31)


def test_invalid_settings_are_refused():
    with pytest.raises(ValueError, match="limit >= 1 and window > 0"):
        SlidingLog(0, 10)
