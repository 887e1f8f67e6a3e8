import pytest
from admin import dashboard_text, online
from clock import ManualClock
from sessions import SessionStore
from web import LoginRequired, login, logout, request

MINUTE = 60


def site():
    clock = ManualClock()
    return SessionStore(clock, idle_timeout_s=30 * MINUTE), clock


def test_logged_in_users_get_through():
    store, clock = site()
    sid = login(store, "ann", "correct horse")
    clock.advance(5 * MINUTE)
    assert request(store, sid, "/invoices") == (200, "ann")
    assert request(store, None, "/invoices") == (302, None)
    with pytest.raises(LoginRequired, match="wrong user name or password"):
        login(store, "ann", "Correct Horse")
    assert dashboard_text(SessionStore(clock)) == "nobody is logged in"


def test_activity_keeps_a_session_alive():
    store, clock = site()
    sid = login(store, "bob", "hunter2")
    for _ in range(6):
        clock.advance(20 * MINUTE)
        assert request(store, sid, "/reports") == (200, "bob")


def test_an_idle_session_ends_after_thirty_minutes():
    store, clock = site()
    sid = login(store, "bob", "hunter2")
    clock.advance(30 * MINUTE)
    assert request(store, sid, "/reports") == (302, None)
    assert store.purge_expired() == 0


def test_logout_ends_the_session_at_once():
    store, clock = site()
    sid = login(store, "ann", "correct horse")
    assert logout(store, sid) is True
    assert request(store, sid, "/") == (302, None)
    assert logout(store, sid) is False


def test_the_dashboard_shows_idle_minutes():
    store, clock = site()
    login(store, "ann", "correct horse")
    clock.advance(10 * MINUTE)
    bob = login(store, "bob", "hunter2")
    clock.advance(4 * MINUTE)
    request(store, bob, "/")
    assert dashboard_text(store) == "ann    idle 14 min\nbob    idle 0 min"


def test_watching_the_dashboard_does_not_keep_sessions_alive():
    store, clock = site()
    ann = login(store, "ann", "correct horse")
    clock.advance(10 * MINUTE)
    root = login(store, "root", "admin!")
    seen = []
    for _ in range(4):
        clock.advance(10 * MINUTE)
        request(store, root, "/admin")
        seen.append([user for user, _ in online(store)])
    assert seen == [["ann", "root"], ["root"], ["root"], ["root"]]
    assert request(store, ann, "/invoices") == (302, None)


def test_an_admin_can_sign_a_user_out_everywhere():
    from admin import sign_out_everywhere

    store, clock = site()
    ann = login(store, "ann", "correct horse")
    phone = login(store, "bob", "hunter2")
    laptop = login(store, "bob", "hunter2")
    assert sign_out_everywhere(store, "bob") == 2
    assert [request(store, sid, "/")[0] for sid in (phone, laptop, ann)] == [302, 302, 200]
    assert sign_out_everywhere(store, "bob") == 0


def test_the_reaper_removes_only_idle_sessions():
    store, clock = site()
    login(store, "ann", "correct horse")
    clock.advance(20 * MINUTE)
    bob = login(store, "bob", "hunter2")
    clock.advance(15 * MINUTE)
    assert store.purge_expired() == 1
    assert request(store, bob, "/") == (200, "bob")
