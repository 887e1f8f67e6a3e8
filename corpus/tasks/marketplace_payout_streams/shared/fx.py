"""Conversion to the payout currency (EUR) and the card processors' fees per settlement currency."""

from decimal import ROUND_HALF_EVEN, Decimal

CENT = Decimal("0.01")


class UnknownCurrency(KeyError):
    pass


class RateTable:
    def __init__(self, to_eur, fees):
        self._to_eur = {c: Decimal(str(r)) for c, r in to_eur.items()}
        self._fees = {c: Decimal(str(r)) for c, r in fees.items()}
        self._to_eur["EUR"] = Decimal("1")

    def rate(self, currency):
        try:
            return self._to_eur[currency]
        except KeyError:
            raise UnknownCurrency(f"no EUR rate for {currency}; add it to the day's rate table") from None

    def fee_rate(self, currency):
        return self._fees.get(currency, Decimal("0.029"))


def to_cents(value):
    return value.quantize(CENT, rounding=ROUND_HALF_EVEN)
