"""Time-limited leases on named resources (think: which node runs the nightly job)."""

from dataclasses import dataclass


class LeaseHeld(Exception):
    pass


@dataclass
class Lease:
    resource: str
    holder: str
    expires_at: float


class LeaseTable:
    def __init__(self, clock, ttl_s=30.0):
        self.clock = clock
        self.ttl_s = ttl_s
        self._leases = {}

    def remaining(self, resource):
        lease = self._leases.get(resource)
        if lease is None:
            return 0.0
        return max(0.0, lease.expires_at - self.clock.monotonic())

    def holder(self, resource):
        return self._leases[resource].holder if self.remaining(resource) > 0 else None

    def acquire(self, resource, holder):
        current = self.holder(resource)
        if current is not None and current != holder:
            raise LeaseHeld(f"{resource} is leased to {current} for {self.remaining(resource):.1f}s more")
        self._leases[resource] = Lease(resource, holder, self.clock.monotonic() + self.ttl_s)
        return self._leases[resource]

    def release(self, resource, holder):
        if self.holder(resource) == holder:
            del self._leases[resource]
            return True
        return False
