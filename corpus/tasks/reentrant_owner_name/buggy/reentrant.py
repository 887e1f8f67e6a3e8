"""A re-entrant lock that can report who holds it (for the admin page's lock view)."""

import threading


class OwnedLock:
    def __init__(self, label):
        self.label = label
        self._cond = threading.Condition(threading.Lock())
        self._owner = None
        self._depth = 0

    @staticmethod
    def _caller():
        return threading.current_thread().name

    def acquire(self, timeout=None):
        me = self._caller()
        with self._cond:
            if self._owner == me:
                self._depth += 1
                return True
            if not self._cond.wait_for(lambda: self._owner is None, timeout=timeout):
                return False
            self._owner = me
            self._depth = 1
            return True

    def release(self):
        with self._cond:
            if self._owner != self._caller():
                raise RuntimeError(f"{self.label}: released by a thread that does not hold it")
            self._depth -= 1
            if self._depth == 0:
                self._owner = None
                self._cond.notify()

    def holder(self):
        with self._cond:
            return self._owner

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.release()
