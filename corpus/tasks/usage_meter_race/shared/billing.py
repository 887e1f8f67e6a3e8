"""Turns metered usage into invoice lines."""

from decimal import Decimal

PRICE_PER_UNIT = Decimal("0.002")


def invoice_lines(meter, customers):
    lines = []
    for customer in sorted(customers):
        units = meter.total(customer)
        lines.append((customer, units, (PRICE_PER_UNIT * units).quantize(Decimal("0.01"))))
    return lines
