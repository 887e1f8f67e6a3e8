"""Per-currency payout streams: each sale converted to EUR with its processing fee, produced lazily
so a large period never sits in memory at once."""

from dataclasses import dataclass
from decimal import Decimal

from fx import to_cents


@dataclass(frozen=True)
class Payout:
    order_id: str
    seller: str
    at: int
    source_currency: str
    gross_eur: Decimal
    fee_eur: Decimal

    @property
    def net_eur(self):
        return self.gross_eur - self.fee_eur


def converted_streams(sales_by_currency, rates):
    """currency -> iterator of Payouts in time order."""
    streams = {}
    for currency, sales in sales_by_currency.items():
        rate = rates.rate(currency)
        fee_rate = rates.fee_rate(currency)
        streams[currency] = (
            Payout(sale.order_id, sale.seller, sale.at, sale.currency,
                   to_cents(sale.amount * rate), to_cents(to_cents(sale.amount * rate) * fee_rate))
            for sale in sales
        )
    return streams
