"""The plan catalog: a monthly fee, units included, and a price per unit beyond that."""

from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Plan:
    code: str
    name: str
    monthly_cents: int
    included_units: int
    overage_cents_per_unit: Decimal

    def overage_units(self, used):
        return max(0, used - self.included_units)


class UnknownPlan(KeyError):
    pass


CATALOG = {
    "free": Plan("free", "Free", 0, 1_000, Decimal("0")),
    "starter": Plan("starter", "Starter", 1_900, 10_000, Decimal("0.15")),
    "team": Plan("team", "Team", 4_999, 50_000, Decimal("0.12")),
    "business": Plan("business", "Business", 12_900, 200_000, Decimal("0.09")),
}


def plan(code):
    try:
        return CATALOG[code]
    except KeyError:
        known = ", ".join(sorted(CATALOG))
        raise UnknownPlan(f"unknown plan {code!r}; known plans: {known}") from None


def is_upgrade(old_code, new_code):
    return plan(new_code).monthly_cents > plan(old_code).monthly_cents
