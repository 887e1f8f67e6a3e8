import pytest
from clock import ManualClock
from sessions import SessionManager


def test_login_then_expiry():
    clock = ManualClock()
    manager = SessionManager(clock, ttl_s=60)
    manager.login(7)
    clock.advance(30)
    assert manager.is_active(7)
    clock.advance(61)
    assert not manager.is_active(7)


def test_touch_keeps_a_session_alive():
    clock = ManualClock()
    manager = SessionManager(clock, ttl_s=60)
    manager.login(7)
    clock.advance(50)
    manager.touch(7)
    clock.advance(50)
    assert manager.active_users() == [7]


def test_corrupt_snapshot_is_refused():
    with pytest.raises(ValueError, match="not valid JSON"):
        SessionManager(ManualClock()).restore("{nope")


def test_sessions_survive_a_restart():
    clock = ManualClock()
    old = SessionManager(clock)
    old.login(42)
    old.login(17)
    new = SessionManager(clock)
    assert new.restore(old.snapshot()) == 2
    assert new.is_active(42)
    assert new.active_users() == [17, 42]


def test_logout_after_restart():
    clock = ManualClock()
    old = SessionManager(clock)
    old.login(42)
    new = SessionManager(clock)
    new.restore(old.snapshot())
    assert new.logout(42)
    assert new.active_users() == []
