"""Billing events from two systems, merged into one chronological stream."""

import heapq
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Line:
    at: int  # seconds since the start of the billing period
    customer: str
    amount: Decimal
    kind: str  # "order" or "credit"


def orders(rows):
    for at, customer, amount in rows:
        yield Line(at, customer, Decimal(amount), "order")


def credits(rows):
    for at, customer, amount in rows:
        yield Line(at, customer, -Decimal(amount), "credit")


def billing_stream(order_rows, credit_rows):
    """Both inputs are in time order; so is the merged stream."""
    return heapq.merge(orders(order_rows), credits(credit_rows), key=lambda line: line.at)
