"""An API gateway that rate-limits each client key separately."""

from limiter import SlidingLog


class Clock:
    """Seconds since start; the gateway reads it, tests and the server loop advance it."""

    def __init__(self):
        self.now = 0

    def advance(self, seconds):
        self.now += seconds


class Gateway:
    def __init__(self, clock, limit=3, window=60):
        self.clock = clock
        self.limit = limit
        self.window = window
        self.logs = {}

    def handle(self, client):
        log = self.logs.setdefault(client, SlidingLog(self.limit, self.window))
        if log.allow(self.clock.now):
            return 200, {}
        return 429, {"Retry-After": str(log.retry_after(self.clock.now))}
