"""Money helpers: Decimal amounts rounded half-up to the cent, as the loan contract specifies."""

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")


def money(value):
    return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP)


def monthly_rate(annual_percent):
    """The nominal annual rate in percent, as a monthly fraction (Decimal, unrounded)."""
    rate = Decimal(str(annual_percent))
    if rate < 0:
        raise ValueError(f"the interest rate must not be negative, got {annual_percent}%")
    return rate / 100 / 12
