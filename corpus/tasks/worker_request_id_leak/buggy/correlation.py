"""Correlation ids: every request carries one (from X-Request-Id or generated) so that log
lines written anywhere while serving it can be tied together."""

import itertools
import threading

_state = threading.local()


def current_request_id():
    return getattr(_state, "request_id", None) or "-"


class CorrelationMiddleware:
    def __init__(self):
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def _generate(self):
        with self._lock:
            return f"gen-{next(self._ids)}"

    def __call__(self, request, call_next):
        incoming = request.headers.get("x-request-id", "").strip()
        if incoming:
            _state.request_id = incoming
        elif getattr(_state, "request_id", None) is None:
            _state.request_id = self._generate()
        response = call_next(request)
        response.headers["x-request-id"] = _state.request_id
        return response
