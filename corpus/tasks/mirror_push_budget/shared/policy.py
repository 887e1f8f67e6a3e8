"""How hard the sync tries one file: exponential delays, capped, within a time budget per file."""

from dataclasses import dataclass


@dataclass(frozen=True)
class RetryPolicy:
    budget_s: float = 30.0
    first_delay_s: float = 0.5
    max_delay_s: float = 8.0

    def delay(self, attempt):
        """Pause after failed attempt number ``attempt`` (1-based)."""
        exponent = min(attempt - 1, 30)  # past the cap anyway; keeps the float finite
        return min(self.max_delay_s, self.first_delay_s * 2 ** exponent)
