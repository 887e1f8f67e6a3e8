"""Single-flight calls: concurrent requests for the same key share one call to the backend."""

import threading
from concurrent.futures import Future


class _Call:
    def __init__(self):
        self.future = Future()
        self.waiters = 0


class SingleFlight:
    def __init__(self, on_wait=None):
        self._calls = {}
        self._lock = threading.Lock()
        self._on_wait = on_wait
        self.shared = 0

    def in_flight(self):
        with self._lock:
            return sorted(self._calls)

    def do(self, key, fn):
        with self._lock:
            call = self._calls.get(key)
            leader = call is None
            if leader:
                call = self._calls[key] = _Call()
            else:
                call.waiters += 1
                self.shared += 1
        if not leader:
            if self._on_wait is not None:
                self._on_wait(key)
            return call.future.result()
        try:
            result = fn()
        except BaseException as exc:
            # Followers share the leader's outcome, failures included.
            call.future.set_exception(exc)
            raise
        else:
            call.future.set_result(result)
            return result
        finally:
            with self._lock:
                self._calls.pop(key, None)
