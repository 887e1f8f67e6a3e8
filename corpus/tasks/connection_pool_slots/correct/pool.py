"""A bounded connection pool: at most ``size`` connections are handed out at once."""

import threading
from contextlib import contextmanager

from fakedb import ConnectionLost


class PoolExhausted(Exception):
    pass


class ConnectionPool:
    def __init__(self, database, size=2, wait_s=0.2):
        self.database = database
        self.size = size
        self.wait_s = wait_s
        self._slots = threading.BoundedSemaphore(size)
        self._guard = threading.Lock()
        self._idle = []
        self._in_use = set()

    def checkout(self):
        if not self._slots.acquire(timeout=self.wait_s):
            raise PoolExhausted(f"no connection free within {self.wait_s}s (pool size {self.size})")
        with self._guard:
            conn = self._idle.pop() if self._idle else self.database.connect()
            self._in_use.add(conn)
        return conn

    def checkin(self, conn):
        with self._guard:
            self._in_use.discard(conn)
            self._idle.append(conn)
        self._slots.release()

    def discard(self, conn):
        with self._guard:
            self._in_use.discard(conn)
        conn.close()
        # The broken connection is gone, but its slot must come back to the pool.
        self._slots.release()

    @contextmanager
    def connection(self):
        conn = self.checkout()
        try:
            yield conn
        except ConnectionLost:
            self.discard(conn)
            raise
        except BaseException:
            self.checkin(conn)
            raise
        else:
            self.checkin(conn)

    def stats(self):
        with self._guard:
            return {"idle": len(self._idle), "in_use": len(self._in_use), "opened": self.database.opened}
