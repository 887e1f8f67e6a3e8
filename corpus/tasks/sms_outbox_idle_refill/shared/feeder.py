"""Backlog feeder: when the outbox goes idle, hand it the next batch of queued campaign messages."""

import threading


class BacklogFeeder:
    def __init__(self, outbox, batch_size=3):
        self._outbox = outbox
        self._batch_size = batch_size
        self._backlog = []
        self._lock = threading.Lock()
        self.batches_fed = 0

    def enqueue(self, messages):
        with self._lock:
            self._backlog.extend(messages)

    def pending(self):
        with self._lock:
            return len(self._backlog)

    def attach(self, board):
        board.on_change(self._on_change)

    def _on_change(self, worker, state):
        if state != "idle":
            return
        with self._lock:
            batch = self._backlog[: self._batch_size]
            del self._backlog[: self._batch_size]
        if batch:
            self.batches_fed += 1
            for message in batch:
                self._outbox.submit(message)
