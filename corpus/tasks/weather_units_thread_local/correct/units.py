"""Per-request unit preferences (metric/imperial...), kept per thread: each request runs on its own
thread, and overrides last for the duration of a block."""

import threading
from contextlib import contextmanager

DEFAULTS = {"temperature": "C", "wind": "km/h", "pressure": "hPa", "precision": 1}


class _PerThread(threading.local):
    def __init__(self, defaults):
        # Runs once in every thread that touches the preferences: each thread gets its own stack.
        self.stack = [dict(defaults)]


class Preferences:
    def __init__(self, defaults=None):
        self._local = _PerThread(defaults or dict(DEFAULTS))

    def get(self, name):
        try:
            return self._local.stack[-1][name]
        except KeyError:
            raise KeyError(f"unknown unit preference {name!r}") from None

    def current(self):
        return dict(self._local.stack[-1])

    @contextmanager
    def override(self, **changes):
        stack = self._local.stack
        unknown = sorted(set(changes) - set(stack[-1]))
        if unknown:
            raise KeyError(f"unknown unit preference(s): {', '.join(unknown)}")
        stack.append({**stack[-1], **changes})
        try:
            yield self
        finally:
            stack.pop()
