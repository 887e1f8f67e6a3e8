"""Login sessions with an idle timeout: a session lives while its user keeps making requests and
ends ``idle_timeout_s`` after the last one."""

import secrets
from dataclasses import dataclass


@dataclass
class Session:
    sid: str
    user: str
    created_at: float
    last_seen: float


class SessionStore:
    def __init__(self, clock, idle_timeout_s=1800.0):
        self.clock = clock
        self.idle_timeout_s = idle_timeout_s
        self._sessions = {}

    def create(self, user):
        now = self.clock.now()
        session = Session(secrets.token_hex(8), user, now, now)
        self._sessions[session.sid] = session
        return session

    def _expired(self, session):
        return self.clock.now() - session.last_seen >= self.idle_timeout_s

    def peek(self, sid):
        """The live session for ``sid`` without counting as activity, or None."""
        session = self._sessions.get(sid)
        if session is None:
            return None
        if self._expired(session):
            del self._sessions[sid]
            return None
        return session

    def get(self, sid):
        """The live session for ``sid`` (its idle time starts over), or None."""
        session = self.peek(sid)
        if session is not None:
            session.last_seen = self.clock.now()
        return session

    def end(self, sid):
        return self._sessions.pop(sid, None) is not None

    def active(self):
        """Live sessions, oldest login first."""
        live = []
        for sid in list(self._sessions):
            # Looking at a session is not the user being active: no sliding here.
            session = self.peek(sid)
            if session is not None:
                live.append(session)
        return sorted(live, key=lambda s: s.created_at)

    def purge_expired(self):
        expired = [sid for sid, s in self._sessions.items() if self._expired(s)]
        for sid in expired:
            del self._sessions[sid]
        return len(expired)
