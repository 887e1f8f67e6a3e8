"""Station pricing policies: how amounts are rounded and how many decimal places unit prices carry."""

import decimal
from contextlib import contextmanager
from dataclasses import dataclass

MODES = {"down": decimal.ROUND_DOWN, "half_up": decimal.ROUND_HALF_UP, "up": decimal.ROUND_UP}


@dataclass(frozen=True)
class RoundingPolicy:
    name: str
    mode: str = "down"
    price_places: int = 3

    def __post_init__(self):
        if self.mode not in MODES:
            raise ValueError(f"unknown rounding mode {self.mode!r}; use one of {', '.join(MODES)}")

    @contextmanager
    def context(self):
        """Arithmetic inside the block rounds the way this policy says (decimal's context is per thread)."""
        with decimal.localcontext() as ctx:
            ctx.rounding = MODES[self.mode]
            ctx.prec = 18
            yield ctx


CUSTOMER_FAVOURABLE = RoundingPolicy("customer-favourable", "down")
