"""Cable plans: links between device ports, checked against the registry before a site visit."""

import re
from dataclasses import dataclass

_PORT = re.compile(r"^(?P<host>[a-z0-9-]+):(?P<port>(eth|ge|xe|psu)\d+(/\d+)*)$")


@dataclass(frozen=True)
class Link:
    a: str
    b: str

    def ends(self):
        return [parse_end(self.a), parse_end(self.b)]


def parse_end(text):
    match = _PORT.match(text.strip().lower())
    if not match:
        raise ValueError(f"bad cable end {text!r}: expected host:port like 'ams1-r12a-sw:ge0/1'")
    return match.group("host"), match.group("port")


def check_plan(registry, links):
    """(problems, work orders): unknown hosts are problems, known ones become serial-level orders."""
    known = set(registry.hostnames())
    problems, orders = [], []
    for link in links:
        (host_a, port_a), (host_b, port_b) = link.ends()
        missing = [h for h in (host_a, host_b) if h not in known]
        if missing:
            problems.append(f"{link.a} <-> {link.b}: unknown host {', '.join(missing)}")
            continue
        orders.append((registry.serial(host_a), port_a, registry.serial(host_b), port_b))
    return problems, orders


def ports_in_use(links):
    used = {}
    for link in links:
        for host, port in link.ends():
            used.setdefault(host, []).append(port)
    return {host: sorted(ports) for host, ports in sorted(used.items())}
