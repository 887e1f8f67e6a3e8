"""Printable quote documents: numbered lines, currency symbols and a validity date."""

from datetime import date, timedelta

SYMBOLS = {"USD": "$", "EUR": "€", "JPY": "¥"}


def money(amount, currency):
    symbol = SYMBOLS.get(currency, currency + " ")
    if currency == "JPY":
        return f"{symbol}{int(round(amount)):,}"
    return f"{symbol}{amount:,.2f}"


def valid_until(issued, days=30):
    """Quotes are valid for ``days`` calendar days, but never expire on a weekend."""
    end = issued + timedelta(days=days)
    while end.weekday() >= 5:
        end += timedelta(days=1)
    return end


def render(lines, total, currency, issued=date(2026, 1, 5)):
    rows = [f"Quote issued {issued.isoformat()}, valid until {valid_until(issued).isoformat()}"]
    for number, line in enumerate(lines, 1):
        discount = f" (-{line.discount:.0%})" if line.discount else ""
        rows.append(f"{number:>2}. {line.sku:<6} x{line.quantity:<4} {money(line.total, currency):>12}{discount}")
    rows.append(f"    {'TOTAL':<12} {money(total, currency):>12}")
    return "\n".join(rows)
