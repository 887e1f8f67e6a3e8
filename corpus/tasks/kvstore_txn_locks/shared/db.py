"""The database facade: begin transactions, checkpoint, and recover from a checkpoint plus log."""

import itertools
import threading
from contextlib import contextmanager

from locks import LockTable
from storage import Store
from txn import Transaction
from wal import WriteAheadLog


class Database:
    def __init__(self, store=None, wal=None, lock_timeout_s=0.2):
        self.store = store or Store()
        self.wal = wal or WriteAheadLog()
        self.locks = LockTable(lock_timeout_s)
        self._ids = itertools.count(1)
        self._guard = threading.Lock()
        self.active = {}
        self.stats = {"committed": 0, "aborted": 0}

    def begin(self):
        with self._guard:
            txn = Transaction(next(self._ids), self)
            self.active[txn.id] = txn
        return txn

    @contextmanager
    def transaction(self):
        txn = self.begin()
        try:
            yield txn
        except BaseException:
            txn.abort()
            raise
        else:
            if txn.state == "active":
                txn.commit()

    def next_version(self):
        return max(self.store.version, self.wal.last_version()) + 1

    def finished(self, txn):
        with self._guard:
            self.active.pop(txn.id, None)
            self.stats[txn.state] += 1

    def checkpoint(self):
        data, version = self.store.checkpoint()
        self.wal.truncate(version)
        return data, version

    @classmethod
    def recover(cls, checkpoint, log_lines):
        data, version = checkpoint
        store = Store.from_checkpoint(data, version)
        wal = WriteAheadLog(log_lines)
        wal.checkpoint_version = version
        for record in wal.records():
            if record.version > store.version:
                store.apply(record.writes, record.version)
        return cls(store, wal)
