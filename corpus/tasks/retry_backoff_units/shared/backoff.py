"""Exponential backoff schedules. All values are integer milliseconds, as in our config files."""

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Backoff:
    base_ms: int = 100
    factor: float = 2.0
    cap_ms: int = 5_000
    jitter_ms: int = 0

    def delays(self, seed=None):
        """Endless delays in milliseconds: base, base*factor, ... capped, plus optional jitter."""
        rng = random.Random(seed)
        delay = self.base_ms
        while True:
            extra = rng.randint(0, self.jitter_ms) if self.jitter_ms else 0
            yield min(int(delay), self.cap_ms) + extra
            delay *= self.factor


def from_config(section):
    return Backoff(base_ms=int(section.get("base_ms", 100)), factor=float(section.get("factor", 2.0)),
                   cap_ms=int(section.get("cap_ms", 5_000)), jitter_ms=int(section.get("jitter_ms", 0)))
