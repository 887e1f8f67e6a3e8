"""Shift report: per-pump takings, and pump totalizer readings checked against the receipts."""

from decimal import Decimal

TOLERANCE_LITRES = Decimal("0.050")


def per_pump(receipts):
    out = {}
    for r in receipts:
        litres, total = out.get(r.pump, (Decimal(0), Decimal(0)))
        out[r.pump] = (litres + r.litres, total + r.total)
    return dict(sorted(out.items()))


def reconcile(receipts, meter_litres):
    """Pumps whose totalizer disagrees with the receipts by more than the tolerance."""
    sold = {pump: litres for pump, (litres, _) in per_pump(receipts).items()}
    problems = {}
    for pump in sorted(set(sold) | set(meter_litres)):
        gap = Decimal(meter_litres.get(pump, 0)) - sold.get(pump, Decimal(0))
        if abs(gap) > TOLERANCE_LITRES:
            problems[pump] = gap
    return problems


def format_lines(receipts):
    lines = []
    for pump, (litres, total) in per_pump(receipts).items():
        lines.append(f"pump {pump:>2}  {litres:>9} l  {total:>9}")
    grand = sum((total for _, total in per_pump(receipts).values()), Decimal(0))
    lines.append(f"{'total':>7}  {'':>11}  {grand:>9}")
    return lines
