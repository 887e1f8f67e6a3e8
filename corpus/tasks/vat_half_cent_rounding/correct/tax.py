"""VAT per invoice line. Amounts are integer cents; rates are whole or half percents."""

from decimal import ROUND_HALF_UP, Decimal

RATES = {"standard": 20, "reduced": 7, "books": 5.5, "zero": 0}


class UnknownRate(KeyError):
    pass


def rate_percent(category):
    try:
        return RATES[category]
    except KeyError:
        raise UnknownRate(f"no VAT rate for category {category!r}") from None


def vat_cents(net_cents, category):
    """VAT on one line, rounded to the cent, halves rounded up (as the tax office does)."""
    raw = Decimal(net_cents) * Decimal(str(rate_percent(category))) / 100
    return int(raw.quantize(Decimal(1), rounding=ROUND_HALF_UP))
