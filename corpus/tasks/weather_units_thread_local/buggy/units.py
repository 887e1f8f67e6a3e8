"""Per-request unit preferences (metric/imperial...), kept per thread: each request runs on its own
thread, and overrides last for the duration of a block."""

import threading
from contextlib import contextmanager

DEFAULTS = {"temperature": "C", "wind": "km/h", "pressure": "hPa", "precision": 1}


class _PerThread(threading.local):
    def __init__(self, defaults):
        # Runs once in every thread that touches the preferences.
        self.settings = defaults


class Preferences:
    def __init__(self, defaults=None):
        self._local = _PerThread(defaults or dict(DEFAULTS))

    def get(self, name):
        try:
            return self._local.settings[name]
        except KeyError:
            raise KeyError(f"unknown unit preference {name!r}") from None

    def current(self):
        return dict(self._local.settings)

    @contextmanager
    def override(self, **changes):
        top = self._local.settings
        unknown = sorted(set(changes) - set(top))
        if unknown:
            raise KeyError(f"unknown unit preference(s): {', '.join(unknown)}")
        saved = {name: top[name] for name in changes}
        top.update(changes)
        try:
            yield self
        finally:
            top.update(saved)
