"""VAT per customer country, rounded per invoice as our accountants require."""

from decimal import ROUND_HALF_UP, Decimal

RATES = {"DE": Decimal("0.19"), "FR": Decimal("0.20"), "UK": Decimal("0.20"), "CH": Decimal("0.081")}
CUSTOMER_COUNTRY = {"acme": "DE", "globex": "FR", "initech": "CH"}


class UnknownCountry(KeyError):
    pass


def vat_rate(customer):
    country = CUSTOMER_COUNTRY.get(customer)
    if country not in RATES:
        raise UnknownCountry(f"no VAT rate for customer {customer!r} (country {country!r})")
    return RATES[country]


def with_vat(customer, net):
    vat = (net * vat_rate(customer)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return {"net": net, "vat": vat, "gross": net + vat}
