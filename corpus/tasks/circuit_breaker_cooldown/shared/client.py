"""The payment provider client, guarded by a circuit breaker, with a cached fallback quote."""


class ProviderDown(Exception):
    pass


class FakeProvider:
    """Stands in for the provider's HTTP API: healthy or down, as the test sets it."""

    def __init__(self):
        self.healthy = True
        self.requests = 0

    def quote(self, amount):
        self.requests += 1
        if not self.healthy:
            raise ProviderDown("503 Service Unavailable")
        return round(amount * 1.029 + 0.25, 2)


class PaymentClient:
    def __init__(self, provider, breaker):
        self.provider = provider
        self.breaker = breaker
        self.last_quote = {}

    def quote(self, amount):
        from breaker import CircuitOpen

        try:
            value = self.breaker.call(self.provider.quote, amount)
        except (CircuitOpen, ProviderDown):
            if amount in self.last_quote:
                return self.last_quote[amount], "cached"
            raise
        self.last_quote[amount] = value
        return value, "live"
