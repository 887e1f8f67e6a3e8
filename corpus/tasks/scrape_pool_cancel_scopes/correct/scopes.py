"""Cancellation scopes: cancelling a scope cancels every scope created under it.

Workers only see a Token (a read-only view of their scope), so they cannot cancel their siblings.
"""

import threading


class Token:
    def __init__(self, event, name):
        self._event = event
        self.name = name

    @property
    def cancelled(self):
        return self._event.is_set()

    def wait(self, seconds):
        """Sleep up to ``seconds``; returns True as soon as the scope is cancelled."""
        return self._event.wait(seconds)

    def __repr__(self):
        return f"<Token {self.name} cancelled={self.cancelled}>"


class CancelScope:
    def __init__(self, name="root"):
        self.name = name
        self.reason = None
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._children = set()

    @property
    def cancelled(self):
        return self._event.is_set()

    def child(self, name):
        scope = CancelScope(f"{self.name}/{name}")
        with self._lock:
            if self._event.is_set():
                scope.cancel(self.reason)
            else:
                self._children.add(scope)
        return scope

    def token(self):
        return Token(self._event, self.name)

    def close(self, scope):
        """Forget a finished child scope (the pool calls this when its worker exits)."""
        with self._lock:
            self._children.discard(scope)

    def cancel(self, reason="cancelled"):
        with self._lock:
            if self._event.is_set():
                return
            self.reason = reason
            self._event.set()
            children = list(self._children)
        for scope in children:
            scope.cancel(reason)

    def live_children(self):
        with self._lock:
            return sorted(scope.name for scope in self._children if not scope.cancelled)
