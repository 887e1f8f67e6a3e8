"""Invoices built from the grouped billing lines."""

from dataclasses import dataclass
from decimal import Decimal

from grouping import lines_per_customer


@dataclass(frozen=True)
class Invoice:
    customer: str
    lines: tuple
    total: Decimal


def build_invoices(stream):
    invoices = []
    for customer, lines in sorted(lines_per_customer(stream).items()):
        total = sum((line.amount for line in lines), Decimal("0"))
        invoices.append(Invoice(customer, tuple(lines), total.quantize(Decimal("0.01"))))
    return invoices


def totals(invoices):
    return {invoice.customer: invoice.total for invoice in invoices}
