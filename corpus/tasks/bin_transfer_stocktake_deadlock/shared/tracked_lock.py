"""Locks that report acquisitions and contention to a monitor (the ops dashboard reads the counts)."""

import threading
from collections import Counter


class LockMonitor:
    def __init__(self):
        self.acquired = Counter()
        self.contended = Counter()
        self._listeners = []
        self._guard = threading.Lock()

    def subscribe(self, listener):
        """listener(event, lock_name) is called in the thread that acquires or waits for the lock."""
        self._listeners.append(listener)

    def record(self, event, name):
        with self._guard:
            (self.acquired if event == "acquired" else self.contended)[name] += 1
        for listener in list(self._listeners):
            listener(event, name)


class TrackedLock:
    def __init__(self, name, monitor=None):
        self.name = name
        self.owner = None
        self._lock = threading.Lock()
        self._monitor = monitor

    def acquire(self):
        if not self._lock.acquire(blocking=False):
            if self._monitor is not None:
                self._monitor.record("contended", self.name)
            self._lock.acquire()
        self.owner = threading.current_thread().name
        if self._monitor is not None:
            self._monitor.record("acquired", self.name)

    def release(self):
        self.owner = None
        self._lock.release()

    def locked(self):
        return self._lock.locked()

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.release()

    def __repr__(self):
        return f"<TrackedLock {self.name} owner={self.owner}>"
