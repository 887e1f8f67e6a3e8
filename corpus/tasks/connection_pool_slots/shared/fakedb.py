"""An in-memory key/value "database" with connections that can fail like real ones."""

import itertools


class QueryError(Exception):
    pass


class ConnectionLost(Exception):
    pass


class Database:
    def __init__(self):
        self.rows = {}
        self.opened = 0
        self._ids = itertools.count(1)

    def connect(self):
        self.opened += 1
        return Connection(self, next(self._ids))


class Connection:
    def __init__(self, database, number):
        self.database = database
        self.number = number
        self.healthy = True

    def execute(self, command, *args):
        if not self.healthy:
            raise ConnectionLost(f"connection {self.number} is closed")
        if command == "GET":
            return self.database.rows.get(args[0])
        if command == "PUT":
            self.database.rows[args[0]] = args[1]
            return None
        if command == "KILL":  # the server dropping us, as after a failover
            self.healthy = False
            raise ConnectionLost(f"connection {self.number} was reset by the server")
        raise QueryError(f"unknown command {command!r}")

    def close(self):
        self.healthy = False
