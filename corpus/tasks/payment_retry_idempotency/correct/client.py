"""Payment client: charges through the gateway, retrying timeouts (tenacity)."""

import uuid

from tenacity import Retrying, retry_if_exception_type, stop_after_attempt, wait_fixed

from gateway import GatewayTimeout


def random_key():
    return uuid.uuid4().hex


class PaymentClient:
    def __init__(self, gateway, attempts=3, key_factory=random_key):
        self._gateway = gateway
        self._new_key = key_factory
        self._retrying = Retrying(stop=stop_after_attempt(attempts), wait=wait_fixed(0),
                                  retry=retry_if_exception_type(GatewayTimeout), reraise=True)
        self.attempts = []

    def new_key(self):
        return self._new_key()

    def _attempt(self, order, card, cents, key):
        self.attempts.append((order, key))
        return self._gateway.charge(order, card, cents, idempotency_key=key)

    def charge(self, order, card, cents, key=None):
        if cents <= 0:
            raise ValueError(f"amount must be positive, got {cents} cents")
        # One key for every retry of this payment, so the gateway can tell a retry from a new charge.
        key = key or self._new_key()
        return self._retrying(self._attempt, order, card, cents, key)
