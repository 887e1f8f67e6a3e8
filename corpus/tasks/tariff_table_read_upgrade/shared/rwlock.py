"""A readers-writer lock: many readers or one writer; waiting writers block new readers."""

import threading
from collections import Counter
from contextlib import contextmanager


class ReadWriteLock:
    def __init__(self):
        self._cond = threading.Condition(threading.Lock())
        self._readers = 0
        self._writer = None
        self._writers_waiting = 0
        self._held = Counter()

    def acquire_read(self):
        me = threading.get_ident()
        with self._cond:
            while self._writer is not None or (self._writers_waiting and not self._held[me]):
                self._cond.wait()
            self._readers += 1
            self._held[me] += 1

    def release_read(self):
        me = threading.get_ident()
        with self._cond:
            if not self._held[me]:
                raise RuntimeError("release_read() by a thread that holds no read lock")
            self._held[me] -= 1
            self._readers -= 1
            if not self._readers:
                self._cond.notify_all()

    def acquire_write(self):
        me = threading.get_ident()
        with self._cond:
            self._writers_waiting += 1
            try:
                while self._readers or self._writer is not None:
                    self._cond.wait()
            finally:
                self._writers_waiting -= 1
            self._writer = me

    def release_write(self):
        with self._cond:
            if self._writer != threading.get_ident():
                raise RuntimeError("release_write() by a thread that does not hold the write lock")
            self._writer = None
            self._cond.notify_all()

    def read_held(self):
        """How many read locks the calling thread holds."""
        with self._cond:
            return self._held[threading.get_ident()]

    @contextmanager
    def reading(self):
        self.acquire_read()
        try:
            yield
        finally:
            self.release_read()

    @contextmanager
    def writing(self):
        self.acquire_write()
        try:
            yield
        finally:
            self.release_write()
