"""The e-mail a seller gets with their payout: totals per original currency, then the net."""

from collections import defaultdict
from decimal import Decimal


def breakdown(statement):
    """source currency -> (number of sales, gross EUR, fees EUR)."""
    parts = defaultdict(lambda: [0, Decimal("0"), Decimal("0")])
    for payout in statement.lines:
        part = parts[payout.source_currency]
        part[0] += 1
        part[1] += payout.gross_eur
        part[2] += payout.fee_eur
    return {currency: tuple(values) for currency, values in sorted(parts.items())}


def render(statement):
    lines = [f"Payout statement for {statement.seller}", ""]
    for currency, (count, gross, fees) in breakdown(statement).items():
        lines.append(f"  {currency}: {count} sale{'s' if count != 1 else ''}, {gross:.2f} EUR gross, {fees:.2f} EUR fees")
    lines += ["", f"  Net payout: {statement.net:.2f} EUR"]
    return "\n".join(lines)
