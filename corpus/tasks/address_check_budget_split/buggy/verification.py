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

    def _plan(self):
        """(provider, timeout) for each provider: an equal share of the budget."""
        share = self.budget_s / len(self.providers)
        return [(provider, share) for provider in self.providers]

    def verify(self, address):
        self.failures = []
        for provider, timeout_s in self._plan():
            try:
                return provider.verify(address, timeout_s)
            except ProviderTimeout as exc:
                self.failures.append(str(exc))
            except ProviderDown as exc:
                self.failures.append(str(exc))
        raise Unverified("; ".join(self.failures))
