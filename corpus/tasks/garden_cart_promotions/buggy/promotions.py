"""Promotion rules. Several rules may match one line; they stack in the order given."""

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class PercentOff:
    code: str
    category: str
    percent: int
    starts: date
    ends: date

    def active(self, today):
        return self.starts <= today <= self.ends

    def matches(self, line):
        return line.product.category == self.category

    def price(self, cents):
        return round(cents * (100 - self.percent) / 100)


@dataclass(frozen=True)
class FixedPrice:
    code: str
    sku: str
    cents: int
    starts: date
    ends: date

    def active(self, today):
        return self.starts <= today <= self.ends

    def matches(self, line):
        return line.product.sku == self.sku

    def price(self, cents):
        return min(cents, self.cents)


def apply_promotions(lines, rules, today):
    """Set each line's unit price and badges from its list price and the rules active today."""
    for rule in rules:
        if not rule.active(today):
            continue
        for line in lines:
            if rule.matches(line):
                line.unit_cents = rule.price(line.unit_cents)
                line.badges.append(rule.code)
    return lines
