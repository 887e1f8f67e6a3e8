"""Receipts for fuel sales: litres x unit price, loyalty discount, VAT included in the total."""

from dataclasses import dataclass
from decimal import Decimal

CENT = Decimal("0.01")
MILLILITRE = Decimal("0.001")


@dataclass(frozen=True)
class Sale:
    pump: int
    grade: str
    litres: Decimal
    unit_price: Decimal
    loyalty_cents_per_litre: int = 0


@dataclass(frozen=True)
class Receipt:
    pump: int
    grade: str
    litres: Decimal
    gross: Decimal
    discount: Decimal
    total: Decimal
    vat: Decimal


def make_receipt(sale, vat_rate=Decimal("0.20")):
    """Amounts are quantized with the current decimal context's rounding."""
    litres = sale.litres.quantize(MILLILITRE)
    gross = (litres * sale.unit_price).quantize(CENT)
    discount = (litres * sale.loyalty_cents_per_litre / 100).quantize(CENT)
    total = gross - discount
    vat = (total * vat_rate / (1 + vat_rate)).quantize(CENT)
    return Receipt(sale.pump, sale.grade, litres, gross, discount, total, vat)


def summarize(receipts):
    by_grade = {}
    for r in receipts:
        litres, total = by_grade.get(r.grade, (Decimal(0), Decimal(0)))
        by_grade[r.grade] = (litres + r.litres, total + r.total)
    return {grade: {"litres": litres, "total": total} for grade, (litres, total) in sorted(by_grade.items())}
