"""Outbox: one worker thread sends queued messages through the gateway."""

import threading
from collections import deque


class Outbox:
    def __init__(self, gateway, board, name="outbox-1"):
        self.name = name
        self._gateway = gateway
        self._board = board
        self._queue = deque()
        self._ready = threading.Condition()
        self._progress = threading.Condition()
        self._sent = 0
        self._closed = False
        self._thread = None

    def submit(self, message):
        with self._ready:
            if self._closed:
                raise RuntimeError("outbox is closed")
            self._queue.append(message)
            self._ready.notify()

    def start(self):
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()

    def _next(self):
        if self._queue:
            return self._queue.popleft()
        self._board.set_state(self.name, "idle")
        with self._ready:
            self._ready.wait()
            if self._closed and not self._queue:
                return None
            return self._queue.popleft()

    def _run(self):
        while True:
            message = self._next()
            if message is None:
                break
            self._board.set_state(self.name, "busy")
            self._gateway.send(message)
            with self._progress:
                self._sent += 1
                self._progress.notify_all()
        self._board.set_state(self.name, "stopped")

    def wait_sent(self, count):
        with self._progress:
            while self._sent < count:
                self._progress.wait()
            return self._sent

    def close(self):
        with self._ready:
            self._closed = True
            self._ready.notify_all()
        if self._thread is not None:
            self._thread.join()
