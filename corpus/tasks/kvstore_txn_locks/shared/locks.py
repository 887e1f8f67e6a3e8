"""Key locks for transactions: many readers or one writer per key; a sole reader may upgrade.

Owners are transaction ids. Waiting is bounded: a lock that cannot be had in time raises LockTimeout,
which the transaction layer turns into an abort.
"""

import threading


class LockTimeout(Exception):
    pass


class LockTable:
    def __init__(self, timeout_s=0.2):
        self.timeout_s = timeout_s
        self._cond = threading.Condition()
        self._readers = {}  # key -> set of owners
        self._writer = {}  # key -> owner
        self.waits = 0

    def _can_read(self, key, owner):
        writer = self._writer.get(key)
        return writer is None or writer == owner

    def _can_write(self, key, owner):
        writer = self._writer.get(key)
        if writer is not None:
            return writer == owner
        readers = self._readers.get(key, set())
        return not readers or readers == {owner}

    def _wait(self, predicate, key, mode, timeout):
        timeout = self.timeout_s if timeout is None else timeout
        if not predicate():
            self.waits += 1
            if not self._cond.wait_for(predicate, timeout):
                raise LockTimeout(f"could not {mode}-lock {key!r} within {timeout}s")

    def acquire_read(self, key, owner, timeout=None):
        with self._cond:
            self._wait(lambda: self._can_read(key, owner), key, "read", timeout)
            self._readers.setdefault(key, set()).add(owner)

    def acquire_write(self, key, owner, timeout=None):
        with self._cond:
            self._wait(lambda: self._can_write(key, owner), key, "write", timeout)
            self._writer[key] = owner

    def release_all(self, owner):
        with self._cond:
            for key in [k for k, who in self._writer.items() if who == owner]:
                del self._writer[key]
            for key, readers in list(self._readers.items()):
                readers.discard(owner)
                if not readers:
                    del self._readers[key]
            self._cond.notify_all()

    def held(self):
        with self._cond:
            return {"read": {k: len(v) for k, v in self._readers.items()}, "write": dict(self._writer)}
