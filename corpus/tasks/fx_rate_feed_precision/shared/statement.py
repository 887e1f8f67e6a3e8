"""A monthly card statement: charges grouped by currency, with the base-currency total."""

from collections import defaultdict
from decimal import Decimal


def by_currency(history):
    """currency -> (number of charges, total in that currency, total in base currency)."""
    groups = defaultdict(lambda: [0, Decimal("0"), Decimal("0")])
    for amount, currency, cost in history:
        group = groups[currency]
        group[0] += 1
        group[1] += Decimal(amount)
        group[2] += cost
    return {currency: tuple(values) for currency, values in sorted(groups.items())}


def render_statement(card):
    lines = [f"limit {card.limit} {card.converter.base}, spent {card.spent}, left {card.remaining()}"]
    for currency, (count, original, base) in by_currency(card.history).items():
        lines.append(f"  {currency}: {count} charge(s), {original} {currency} = {base} {card.converter.base}")
    return "\n".join(lines)
