"""Status board: which outbox workers are busy or idle, with listeners for state changes."""

import threading


class StatusBoard:
    def __init__(self):
        self._states = {}
        self._history = []
        self._listeners = []
        self._lock = threading.Lock()

    def on_change(self, listener):
        """listener(worker, state) runs in the worker's thread, outside the outbox's locks."""
        self._listeners.append(listener)

    def set_state(self, worker, state):
        with self._lock:
            if self._states.get(worker) == state:
                return
            self._states[worker] = state
            self._history.append((worker, state))
        for listener in list(self._listeners):
            listener(worker, state)

    def state(self, worker):
        with self._lock:
            return self._states.get(worker, "stopped")

    def history(self, worker):
        with self._lock:
            return [state for who, state in self._history if who == worker]
