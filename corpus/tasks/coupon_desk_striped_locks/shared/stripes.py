"""Striped locks: a fixed set of locks shared by many keys (one lock per key would grow without bound)."""

import threading
import zlib


class StripedLocks:
    def __init__(self, stripes=16, monitor=None):
        if stripes < 1:
            raise ValueError("need at least one stripe")
        self._locks = [threading.Lock() for _ in range(stripes)]
        self._monitor = monitor
        self.contentions = 0

    def index(self, key):
        return zlib.crc32(key.encode("utf-8")) % len(self._locks)

    def hold(self, key):
        return _Held(self, self.index(key))

    def _acquire(self, i):
        lock = self._locks[i]
        if not lock.acquire(blocking=False):
            self.contentions += 1
            if self._monitor is not None:
                self._monitor("contended", i)
            lock.acquire()
        if self._monitor is not None:
            self._monitor("acquired", i)

    def _release(self, i):
        self._locks[i].release()


class _Held:
    def __init__(self, owner, index):
        self._owner = owner
        self.index = index

    def __enter__(self):
        self._owner._acquire(self.index)
        return self

    def __exit__(self, *exc):
        self._owner._release(self.index)
