"""The web layer: the session cookie is checked on every request."""


class LoginRequired(Exception):
    pass


USERS = {"ann": "correct horse", "bob": "hunter2", "root": "admin!"}


def login(store, user, password):
    if USERS.get(user) != password:
        raise LoginRequired("wrong user name or password")
    return store.create(user).sid


def request(store, sid, path):
    """Handle one request; returns (status, user)."""
    session = store.get(sid) if sid else None
    if session is None:
        return 302, None  # to the login page
    return 200, session.user


def logout(store, sid):
    return store.end(sid)
