"""Verify a delivery address with the first provider that answers, within a total budget.

Providers are asked in order of preference; checkout cannot wait longer than ``budget_s`` for all
of them together.
"""

from providers import ProviderDown, ProviderTimeout


class Unverified(Exception):
    pass


class AddressVerifier:
    def __init__(self, providers, clock, budget_s=3.0):
        if not providers:
            raise ValueError("at least one provider is needed")
        self.providers = list(providers)
        self.clock = clock
        self.budget_s = budget_s
        self.failures = []

    def verify(self, address):
        self.failures = []
        started = self.clock.now()
        for index, provider in enumerate(self.providers):
            # Split what is left, not the whole budget: time a provider did not use (it refused
            # at once, or answered quickly) goes to the ones after it.
            remaining = self.budget_s - (self.clock.now() - started)
            if remaining <= 0:
                self.failures.append(f"no time left for {provider.name}")
                break
            timeout_s = remaining / (len(self.providers) - index)
            try:
                return provider.verify(address, timeout_s)
            except ProviderTimeout as exc:
                self.failures.append(str(exc))
            except ProviderDown as exc:
                self.failures.append(str(exc))
        raise Unverified("; ".join(self.failures))
