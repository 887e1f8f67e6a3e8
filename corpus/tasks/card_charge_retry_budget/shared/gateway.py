"""The card gateway as our HTTP client sees it. Tests script each attempt's outcome."""

from dataclasses import dataclass


class TransientFailure(Exception):
    """Worth another try: a timeout, a 502/503, a dropped connection."""


class CardRefused(Exception):
    """The issuer said no; trying again will not change that."""


@dataclass(frozen=True)
class Receipt:
    charge_id: str
    amount_cents: int


class ScriptedGateway:
    """outcomes: "ok", "503", "hang" (no answer until the timeout) or "refused", one per attempt;
    the last one repeats."""

    def __init__(self, clock, outcomes, latency_s=0.2):
        self.clock = clock
        self.outcomes = list(outcomes)
        self.latency_s = latency_s
        self.attempts = []

    def send(self, request, timeout_s):
        outcome = self.outcomes.pop(0) if len(self.outcomes) > 1 else self.outcomes[0]
        self.attempts.append((round(self.clock.now(), 6), round(timeout_s, 6)))
        if outcome == "hang" or self.latency_s > timeout_s:
            self.clock.spend(timeout_s)
            raise TransientFailure(f"no answer within {timeout_s:g}s")
        self.clock.spend(self.latency_s)
        if outcome == "503":
            raise TransientFailure("503 service unavailable")
        if outcome == "refused":
            raise CardRefused(f"card refused for {request['amount_cents']} cents")
        return Receipt(f"ch_{len(self.attempts)}", request["amount_cents"])
