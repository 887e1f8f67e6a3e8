"""Sales tax by region, applied to the invoice after discounts."""

from decimal import ROUND_HALF_UP, Decimal

RATES = {"EU-DE": Decimal("19"), "EU-FR": Decimal("20"), "UK": Decimal("20"), "US-OR": Decimal("0")}


class UnknownRegion(KeyError):
    pass


def tax_cents(region, taxable_cents):
    try:
        rate = RATES[region]
    except KeyError:
        raise UnknownRegion(f"no tax rate for region {region!r}; add it to tax.RATES") from None
    tax = Decimal(taxable_cents) * rate / 100
    return int(tax.quantize(Decimal(1), rounding=ROUND_HALF_UP))
