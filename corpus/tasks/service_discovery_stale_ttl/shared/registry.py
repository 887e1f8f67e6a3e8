"""The service registry (the upstream resolver): current addresses of each service, and outages
scripted by the tests."""


class LookupTimeout(Exception):
    pass


class UnknownService(LookupError):
    pass


class Registry:
    def __init__(self, clock, services, ttl_s=300.0):
        self.clock = clock
        self.services = {name: list(addresses) for name, addresses in services.items()}
        self.ttl_s = ttl_s
        self.outages = []
        self.lookups = 0

    def move(self, name, addresses):
        self.services[name] = list(addresses)

    def down_between(self, start, end):
        self.outages.append((start, end))

    def lookup(self, name):
        """-> (addresses, ttl_s)"""
        self.lookups += 1
        now = self.clock.now()
        if any(start <= now < end for start, end in self.outages):
            raise LookupTimeout(f"registry did not answer for {name!r}")
        if name not in self.services:
            raise UnknownService(f"no service called {name!r}")
        return list(self.services[name]), self.ttl_s
