"""A database client stand-in that keeps track of open connections (the real server caps them)."""

import itertools
import threading


class TooManyConnections(Exception):
    pass


class Connection:
    def __init__(self, server, number):
        self._server = server
        self.number = number
        self.closed = False
        self.owner = threading.current_thread().name

    def query(self, sql, *params):
        if self.closed:
            raise RuntimeError(f"connection {self.number} is closed")
        return self._server.answer(sql, params)

    def close(self):
        if not self.closed:
            self.closed = True
            self._server.release(self)


class Server:
    def __init__(self, tables, max_connections=8):
        self._tables = tables
        self._max = max_connections
        self._open = {}
        self._numbers = itertools.count(1)
        self._lock = threading.Lock()

    def connect(self):
        with self._lock:
            if len(self._open) >= self._max:
                raise TooManyConnections(f"server allows {self._max} connections")
            conn = Connection(self, next(self._numbers))
            self._open[conn.number] = conn
            return conn

    def release(self, conn):
        with self._lock:
            self._open.pop(conn.number, None)

    def open_connections(self):
        with self._lock:
            return sorted(self._open)

    def answer(self, sql, params):
        table = sql.split(" FROM ")[1].split()[0]
        rows = self._tables[table]
        if params:
            rows = [r for r in rows if r["account"] == params[0]]
        return [dict(r) for r in rows]
