"""Circuit breaker: after repeated failures calls are refused for a cool-down, then one probe is let through."""

from dataclasses import dataclass


class CircuitOpen(Exception):
    def __init__(self, name, retry_in):
        super().__init__(f"circuit {name!r} is open; retry in {retry_in:.1f}s")
        self.retry_in = retry_in


@dataclass
class BreakerConfig:
    failure_threshold: int = 3
    cooldown_s: float = 30.0


class CircuitBreaker:
    def __init__(self, name, clock, config=None):
        self.name = name
        self.clock = clock
        self.config = config or BreakerConfig()
        self.state = "closed"
        self.failures = 0
        self._opened_at = None
        self.transitions = []

    def _move(self, state):
        if state != self.state:
            self.transitions.append((self.state, state))
            self.state = state

    def _trip(self):
        self._opened_at = self.clock.now()
        self._move("open")

    def _admit(self):
        if self.state == "open":
            waited = self.clock.now() - self._opened_at
            if waited >= self.config.cooldown_s:
                self._move("half_open")
            else:
                # A refused call must not restart the cool-down, or steady traffic keeps it open forever.
                raise CircuitOpen(self.name, self.config.cooldown_s - waited)

    def call(self, operation, *args):
        self._admit()
        try:
            result = operation(*args)
        except Exception:
            self.failures += 1
            if self.state == "half_open" or self.failures >= self.config.failure_threshold:
                self._trip()
            raise
        self.failures = 0
        self._move("closed")
        return result
