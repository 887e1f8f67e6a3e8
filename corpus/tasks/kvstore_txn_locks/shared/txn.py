"""Transactions: reads through a view, buffered writes, commit to the log and then the store."""

from locks import LockTimeout
from views import ReadView
from wal import LogRecord


class TransactionAborted(Exception):
    pass


class Transaction:
    def __init__(self, txn_id, db):
        self.id = txn_id
        self.db = db
        self.state = "active"
        self.pending = {}
        self.view = ReadView(self, db.store, db.locks)

    def __repr__(self):
        return f"Transaction({self.id}, {self.state})"

    def _check_active(self):
        if self.state != "active":
            raise TransactionAborted(f"transaction {self.id} is {self.state}")

    def read(self, key, default=None):
        self._check_active()
        try:
            return self.view.get(key, default)
        except LockTimeout as exc:
            self.abort()
            raise TransactionAborted(f"transaction {self.id}: {exc}") from exc

    def scan(self, prefix):
        self._check_active()
        return self.view.scan(prefix)

    def write(self, key, value):
        self._check_active()
        try:
            self.db.locks.acquire_write(key, self.id)
        except LockTimeout as exc:
            self.abort()
            raise TransactionAborted(f"transaction {self.id}: {exc}") from exc
        self.pending[key] = value

    def delete(self, key):
        self.write(key, None)

    def commit(self):
        self._check_active()
        if self.pending:
            version = self.db.next_version()
            self.db.wal.append(LogRecord(version, self.id, dict(self.pending)))
            self.db.store.apply(self.pending, version)
        self.state = "committed"
        self.db.locks.release_all(self.id)
        self.db.finished(self)

    def abort(self):
        if self.state == "active":
            self.state = "aborted"
            self.pending.clear()
            self.db.locks.release_all(self.id)
            self.db.finished(self)
