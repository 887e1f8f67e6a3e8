"""Reconnect delays: exponential growth from ``base_s``, spread by +/- ``jitter`` so that a fleet of
sensors does not reconnect in lockstep after a broker restart, and never more than ``cap_s``."""

import random


class Backoff:
    def __init__(self, base_s=1.0, factor=2.0, cap_s=60.0, jitter=0.5, rng=None):
        if base_s <= 0 or factor < 1 or cap_s < base_s:
            raise ValueError("need 0 < base_s <= cap_s and factor >= 1")
        if not 0 <= jitter < 1:
            raise ValueError(f"jitter is a fraction in [0, 1), got {jitter}")
        self.base_s = base_s
        self.factor = factor
        self.cap_s = cap_s
        self.jitter = jitter
        self.rng = rng or random.Random()

    def delay(self, attempt):
        """Seconds to wait before reconnect attempt number ``attempt`` (counted from 0)."""
        if attempt < 0:
            raise ValueError("attempts are counted from 0")
        raw = self.base_s * self.factor ** attempt
        capped = min(self.cap_s, raw)
        spread = capped * self.jitter
        return capped + self.rng.uniform(-spread, spread)
