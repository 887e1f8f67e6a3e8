"""The admin dashboard: who is logged in, and for how long they have been idle."""


def online(store):
    now = store.clock.now()
    return [(s.user, round((now - s.last_seen) / 60)) for s in store.active()]


def dashboard_text(store):
    rows = online(store)
    if not rows:
        return "nobody is logged in"
    return "\n".join(f"{user:<6} idle {minutes} min" for user, minutes in rows)


def sign_out_everywhere(store, user):
    """End every live session of ``user`` (a stolen laptop, a leaver); returns how many ended."""
    ended = 0
    for session in store.active():
        if session.user == user:
            ended += store.end(session.sid)
    return ended
