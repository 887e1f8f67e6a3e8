"""Round-robin calls over a service's addresses, with the network simulated by a set of hosts
that are up."""


class ServiceUnavailable(Exception):
    pass


class Network:
    def __init__(self, up_hosts):
        self.up = set(up_hosts)
        self.calls = []

    def call(self, address, path):
        self.calls.append((address, path))
        if address not in self.up:
            raise ConnectionRefusedError(f"{address} refused the connection")
        return f"200 from {address}"


class Balancer:
    def __init__(self, discovery, network):
        self.discovery = discovery
        self.network = network
        self._turn = {}

    def call(self, service, path):
        addresses = self.discovery.resolve(service)
        errors = []
        for _ in range(len(addresses)):
            turn = self._turn.get(service, 0)
            self._turn[service] = turn + 1
            address = addresses[turn % len(addresses)]
            try:
                return self.network.call(address, path)
            except ConnectionRefusedError as exc:
                errors.append(str(exc))
        raise ServiceUnavailable(f"{service}: every address failed ({'; '.join(errors)})")
