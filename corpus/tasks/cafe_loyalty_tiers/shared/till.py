"""The till: rings up a receipt, applies the member's tier discount and books the points."""

from datetime import date

from tiers import tier

MENU = {"espresso": 250, "flat white": 360, "oat latte": 420, "croissant": 290, "beans 250g": 1290}
TIER_DISCOUNT = {"Gold": 10, "Silver": 5, "Bronze": 0}
BONUS_WEEKDAYS = {0: 2}  # Mondays earn double points


def ring_up(ledger, day, items):
    """Charge for ``items`` (names from the menu) and book the points; returns the receipt lines."""
    unknown = [item for item in items if item not in MENU]
    if unknown:
        raise KeyError(f"not on the menu: {', '.join(unknown)}")
    gross = sum(MENU[item] for item in items)
    level = tier(ledger.balance)
    discount = gross * TIER_DISCOUNT[level] // 100
    paid = gross - discount
    multiplier = BONUS_WEEKDAYS.get(date.fromisoformat(day).weekday(), 1)
    earned = ledger.earn(day, paid, multiplier)
    lines = [f"{item:<12}{MENU[item] / 100:>7.2f}" for item in items]
    if discount:
        lines.append(f"{level + ' -' + str(TIER_DISCOUNT[level]) + '%':<12}{-discount / 100:>7.2f}")
    lines.append(f"{'TOTAL':<12}{paid / 100:>7.2f}")
    lines.append(f"points +{earned:.1f} ({'double' if multiplier == 2 else 'normal'})")
    return lines
