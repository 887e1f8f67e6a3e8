"""The admin API's front door: finds the real client address and applies the operators' rules."""

from collections import Counter
from dataclasses import dataclass, field

from netrules import Network, decide, parse_ipv4, parse_rules


@dataclass
class Decision:
    client: str
    action: str
    line: object


@dataclass
class AdminGate:
    rules_text: str
    trusted_proxies: tuple = ()
    log: list = field(default_factory=list)

    def __post_init__(self):
        self.rules = parse_rules(self.rules_text)
        self.proxies = [Network.parse(p) for p in self.trusted_proxies]

    def client_address(self, peer, forwarded_for=None):
        """The right-most X-Forwarded-For hop that is not one of our proxies, if the peer is one."""
        hops = [peer]
        if forwarded_for and self._trusted(peer):
            hops = [h.strip() for h in forwarded_for.split(",") if h.strip()] + [peer]
        for hop in reversed(hops):
            if not self._trusted(hop):
                return hop
        return hops[0]

    def _trusted(self, address):
        value = parse_ipv4(address)
        return any(network.contains(value) for network in self.proxies)

    def check(self, peer, forwarded_for=None):
        client = self.client_address(peer, forwarded_for)
        action, line = decide(self.rules, client)
        self.log.append(Decision(client, action, line))
        return action == "allow"

    def summary(self):
        return dict(Counter(d.action for d in self.log))
