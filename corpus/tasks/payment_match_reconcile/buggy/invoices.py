"""Open invoices, owed by customers, in currency units with two decimals."""

from dataclasses import dataclass


@dataclass
class OpenInvoice:
    number: str
    customer: str
    amount: float
    paid: bool = False


def open_invoices(rows):
    return [OpenInvoice(number, customer, float(amount)) for number, customer, amount in rows]
