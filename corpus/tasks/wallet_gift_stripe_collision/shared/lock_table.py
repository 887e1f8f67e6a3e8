"""A fixed table of locks indexed by a stable hash of the key (Python's hash() of a str changes
between runs, adler32 does not)."""

import threading
import zlib


class LockTable:
    def __init__(self, size=8):
        if size < 1:
            raise ValueError("a lock table needs at least one lock")
        self._locks = [threading.Lock() for _ in range(size)]

    def slot(self, key):
        return zlib.adler32(key.encode("utf-8")) % len(self._locks)

    def lock_at(self, slot):
        return self._locks[slot]

    def held(self):
        return [i for i, lock in enumerate(self._locks) if lock.locked()]
