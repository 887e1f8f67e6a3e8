"""Invoices from quotes: volume discount per line, VAT, and the tenant's payment terms."""

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
VOLUME_BREAKS = ((Decimal("1000"), Decimal("0.05")), (Decimal("250"), Decimal("0.02")))
TERMS_DAYS = {"acme": 30, "globex": 14}


@dataclass(frozen=True)
class Invoice:
    tenant: str
    lines: tuple
    net: Decimal
    vat: Decimal
    gross: Decimal
    due: date


def discount_rate(line_total):
    for threshold, rate in VOLUME_BREAKS:
        if line_total >= threshold:
            return rate
    return Decimal(0)


def invoice(tenant, quote, issued, vat_rate=Decimal("0.21")):
    lines, net = [], Decimal(0)
    for sku, qty, total in quote["lines"]:
        rate = discount_rate(total)
        amount = (total * (1 - rate)).quantize(CENT, ROUND_HALF_UP)
        lines.append((sku, qty, amount, rate))
        net += amount
    vat = (net * vat_rate).quantize(CENT, ROUND_HALF_UP)
    return Invoice(tenant, tuple(lines), net, vat, net + vat, issued + timedelta(days=TERMS_DAYS.get(tenant, 7)))


def statement(invoices):
    """Open amount per tenant."""
    out = {}
    for inv in invoices:
        out[inv.tenant] = out.get(inv.tenant, Decimal(0)) + inv.gross
    return dict(sorted(out.items()))
