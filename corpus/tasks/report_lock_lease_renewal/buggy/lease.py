"""The client's view of a lease: what it holds, and until when it may safely act on it.

The client cannot see the server's clock; it keeps its own estimate of the expiry and stops
working (or renews) before that estimate runs out.
"""

from lockserver import LeaseLost


class Lease:
    def __init__(self, server, clock, name, owner, ttl_s=10.0):
        self.server = server
        self.clock = clock
        self.name = name
        self.owner = owner
        self.ttl_s = ttl_s
        self.token = None
        self.expires_at = None

    def acquire(self):
        self.token, granted_s = self.server.acquire(self.name, self.owner, self.ttl_s)
        self.expires_at = self.clock.now() + granted_s
        return self.token

    def renew(self):
        if self.token is None:
            raise LeaseLost(f"{self.owner} never acquired {self.name}")
        granted_s = self.server.renew(self.name, self.owner, self.token, self.ttl_s)
        self.expires_at = self.clock.now() + granted_s

    def time_left(self):
        if self.expires_at is None:
            return 0.0
        return max(0.0, self.expires_at - self.clock.now())
