"""Downstream services, simulated: each operation takes a set time on the shared manual clock."""

from deadline import DeadlineExceeded
from propagation import incoming_deadline, outgoing_headers


class Declined(Exception):
    pass


class Service:
    def __init__(self, name, clock, latency_s, cap_s=1.0, default_s=5.0):
        self.name = name
        self.clock = clock
        self.latency_s = dict(latency_s)
        self.cap_s = cap_s
        self.default_s = default_s
        self.log = []

    def call(self, op, deadline, handler):
        """Send ``op`` with the caller's deadline; the service gives up when its own deadline passes."""
        headers = outgoing_headers(deadline, self.cap_s)
        server_deadline = incoming_deadline(self.clock, headers, self.default_s)
        took = self.latency_s.get(op, 0.1)
        if took > server_deadline.remaining():
            self.clock.advance(server_deadline.remaining())
            self.log.append((op, "timeout"))
            raise DeadlineExceeded(f"{self.name}.{op} gave no answer within {server_deadline.budget_s:g}s")
        self.clock.advance(took)
        self.log.append((op, "ok"))
        return handler()
