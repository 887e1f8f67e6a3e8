"""Logged-in users, keyed by numeric user id, expiring after a period of inactivity."""

import secrets
from dataclasses import asdict, dataclass

import snapshot


@dataclass
class Session:
    token: str
    started: float
    last_seen: float


class SessionManager:
    def __init__(self, clock, ttl_s=900):
        self.clock = clock
        self.ttl_s = ttl_s
        self._sessions = {}

    def login(self, user_id):
        now = self.clock.now()
        session = Session(token=secrets.token_hex(8), started=now, last_seen=now)
        self._sessions[user_id] = session
        return session.token

    def _live(self, user_id):
        session = self._sessions.get(user_id)
        if session is None:
            return None
        if self.clock.now() - session.last_seen > self.ttl_s:
            del self._sessions[user_id]
            return None
        return session

    def touch(self, user_id):
        session = self._live(user_id)
        if session is None:
            raise KeyError(f"user {user_id} has no active session")
        session.last_seen = self.clock.now()

    def is_active(self, user_id):
        return self._live(user_id) is not None

    def logout(self, user_id):
        return self._sessions.pop(user_id, None) is not None

    def active_users(self):
        return sorted(uid for uid in list(self._sessions) if self._live(uid) is not None)

    def snapshot(self):
        return snapshot.dump({uid: asdict(s) for uid, s in self._sessions.items()})

    def restore(self, text):
        records = snapshot.parse(text)
        self._sessions = {uid: Session(**fields) for uid, fields in records.items()}
        return len(self._sessions)
