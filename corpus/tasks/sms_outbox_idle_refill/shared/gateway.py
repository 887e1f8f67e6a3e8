"""The SMS gateway client (recording stand-in for the carrier's HTTP API)."""

import threading


class Message:
    def __init__(self, to, body):
        if not to.startswith("+") or not to[1:].isdigit():
            raise ValueError(f"recipient must be an E.164 number like +4477009001, got {to!r}")
        self.to = to
        self.body = body

    def segments(self):
        return max(1, -(-len(self.body) // 160))

    def __repr__(self):
        return f"Message({self.to!r}, {len(self.body)} chars)"


class RecordingGateway:
    def __init__(self):
        self.sent = []
        self._lock = threading.Lock()

    def send(self, message):
        with self._lock:
            self.sent.append((message.to, message.segments()))
            return f"msg-{len(self.sent)}"
