"""Reorder suggestions: top a SKU up to its maximum when it falls below its minimum."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Policy:
    minimum: int
    maximum: int
    pack_size: int = 1

    def __post_init__(self):
        if not 0 <= self.minimum <= self.maximum:
            raise ValueError(f"policy needs 0 <= minimum <= maximum, got {self.minimum}..{self.maximum}")
        if self.pack_size < 1:
            raise ValueError(f"pack size must be at least 1, got {self.pack_size}")


def parse_policies(text):
    """Lines of "SKU min max [pack]"."""
    policies = {}
    for lineno, line in enumerate(text.strip().splitlines(), start=1):
        parts = line.split()
        if len(parts) not in (3, 4):
            raise ValueError(f"policy line {lineno}: expected 'SKU min max [pack]', got {line!r}")
        sku, *numbers = parts
        policies[sku] = Policy(*(int(n) for n in numbers))
    return policies


def suggest_orders(levels, policies):
    """SKU -> units to order (whole packs), for SKUs below their minimum; unknown SKUs are ignored."""
    orders = {}
    for sku, policy in sorted(policies.items()):
        have = levels.get(sku, 0)
        if have >= policy.minimum:
            continue
        missing = policy.maximum - have
        packs = -(-missing // policy.pack_size)
        orders[sku] = packs * policy.pack_size
    return orders
