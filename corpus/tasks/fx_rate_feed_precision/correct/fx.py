"""Currency conversion. Converted amounts round UP to the cent (the card network's rule)."""

from decimal import ROUND_UP, Decimal

CENT = Decimal("0.01")


class UnknownCurrency(KeyError):
    pass


class Converter:
    def __init__(self, base, rates):
        self.base = base
        self.rates = rates

    def rate(self, currency):
        try:
            return Decimal(self.rates[currency])
        except KeyError:
            raise UnknownCurrency(f"no rate for {currency!r} in today's feed") from None

    def to_base(self, amount, currency):
        """An amount in `currency` expressed in the base currency (rates are base per unit)."""
        factor = self.rate(currency)
        return (Decimal(amount) * factor).quantize(CENT, rounding=ROUND_UP)
