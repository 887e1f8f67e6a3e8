"""Charging a card with retries. One charge may take at most ``budget_s`` in total, the customer is
waiting at the checkout; each attempt may take at most ``attempt_timeout_s``."""

from backoff import pause_after
from gateway import CardRefused, TransientFailure


class ChargeFailed(Exception):
    pass


class ChargeClient:
    def __init__(self, gateway, clock, budget_s=3.0, attempt_timeout_s=1.0, max_attempts=6):
        self.gateway = gateway
        self.clock = clock
        self.budget_s = budget_s
        self.attempt_timeout_s = attempt_timeout_s
        self.max_attempts = max_attempts
        self.failures = []
        self.durations = []

    def charge(self, amount_cents, idempotency_key):
        if amount_cents <= 0:
            raise ValueError(f"amount must be positive, got {amount_cents}")
        request = {"amount_cents": amount_cents, "idempotency_key": idempotency_key}
        attempt = 0
        started = self.clock.now()
        while True:
            attempt += 1
            remaining = self.budget_s - (self.clock.now() - started)
            try:
                receipt = self.gateway.send(request, min(self.attempt_timeout_s, remaining))
            except CardRefused as exc:
                raise ChargeFailed(str(exc)) from exc
            except TransientFailure as exc:
                self.failures.append(str(exc))
            else:
                self.durations.append(round(self.clock.now() - started, 6))
                return receipt
            if attempt >= self.max_attempts:
                raise ChargeFailed(f"gave up after {attempt} attempts: {self.failures[-1]}")
            pause = pause_after(attempt)
            remaining = self.budget_s - (self.clock.now() - started)
            if pause >= remaining:
                spent = self.clock.now() - started
                raise ChargeFailed(f"out of time after {attempt} attempts ({spent:.1f}s): {self.failures[-1]}")
            self.clock.sleep(pause)
