"""IPv4 allow/deny rules for the admin API, written by operators as 'allow 10.0.0.0/8' lines.

Rules are matched by specificity: the longest matching prefix decides; on a tie, deny wins.
A network written with host bits set ('10.1.2.3/16') means the network it lies in (10.1.0.0/16).
"""

from dataclasses import dataclass


class RuleError(ValueError):
    pass


def parse_ipv4(text):
    parts = text.strip().split(".")
    if len(parts) != 4:
        raise RuleError(f"{text!r} is not an IPv4 address (four numbers separated by dots)")
    value = 0
    for part in parts:
        if not part.isdigit() or (len(part) > 1 and part[0] == "0"):
            raise RuleError(f"{text!r}: {part!r} is not a number from 0 to 255 without leading zeros")
        octet = int(part)
        if not 0 <= octet < 255:
            raise RuleError(f"{text!r}: {part!r} is not a number from 0 to 255 without leading zeros")
        value = value * 256 + octet
    return value


def format_ipv4(value):
    return ".".join(str((value >> shift) & 0xFF) for shift in (24, 16, 8, 0))


def prefix_mask(prefix):
    return (0xFFFFFFFF << (32 - prefix)) & 0xFFFFFFFF


@dataclass(frozen=True)
class Network:
    address: int
    prefix: int

    @classmethod
    def parse(cls, text):
        address_text, _, prefix_text = text.strip().partition("/")
        prefix = int(prefix_text) if prefix_text else 32
        if not 1 <= prefix <= 32:
            raise RuleError(f"{text!r}: the prefix length must be a number from 0 to 32")
        return cls(parse_ipv4(address_text), prefix)

    def contains(self, address):
        return address & prefix_mask(self.prefix) == self.address

    def __str__(self):
        return f"{format_ipv4(self.address)}/{self.prefix}"


@dataclass(frozen=True)
class Rule:
    action: str
    network: Network
    line: int


def parse_rules(text):
    rules = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        action, _, target = line.partition(" ")
        if action not in ("allow", "deny"):
            raise RuleError(f"line {number}: start with 'allow' or 'deny', got {action!r}")
        try:
            rules.append(Rule(action, Network.parse(target), number))
        except RuleError as exc:
            raise RuleError(f"line {number}: {exc}") from None
    return rules


def decide(rules, address_text, default="deny"):
    """(action, rule line or None) for one client address."""
    address = parse_ipv4(address_text)
    for rule in rules:
        if rule.network.contains(address):
            return rule.action, rule.line
    return default, None
