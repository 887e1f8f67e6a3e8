"""Till receipts: one row per line, then VAT per rate and the total to pay."""

from catalog import VAT_RATES


def money(cents):
    return f"{cents // 100}.{cents % 100:02d}"


def vat_breakdown(cart):
    gross = {}
    for line in cart.lines:
        gross[line.product.vat] = gross.get(line.product.vat, 0) + line.total_cents
    return {vat: round(cents * VAT_RATES[vat] / (1 + VAT_RATES[vat])) for vat, cents in sorted(gross.items())}


def receipt_rows(cart):
    rows = []
    for line in cart.lines:
        row = f"{line.product.name} {line.quantity} x {money(line.unit_cents)} = {money(line.total_cents)}"
        if line.badges:
            row += f" [{', '.join(line.badges)}; was {money(line.list_cents)}]"
        rows.append(row)
    for vat, cents in vat_breakdown(cart).items():
        rows.append(f"VAT {vat} incl. {money(cents)}")
    rows.append(f"TOTAL {money(sum(line.total_cents for line in cart.lines))}")
    saved = savings_cents(cart)
    if saved:
        rows.append(f"You saved {money(saved)} today")
    return rows


def savings_cents(cart):
    return sum((line.list_cents - line.unit_cents) * line.quantity for line in cart.lines)


def badge_summary(cart):
    """Promotion code -> number of units sold under it, for the marketing report."""
    counts = {}
    for line in cart.lines:
        for code in line.badges:
            counts[code] = counts.get(code, 0) + line.quantity
    return dict(sorted(counts.items()))
