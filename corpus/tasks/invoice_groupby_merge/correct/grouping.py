"""Groups a billing stream per customer, keeping each customer's lines in time order."""

from itertools import groupby
from operator import attrgetter

by_customer = attrgetter("customer")


def lines_per_customer(stream):
    groups = {}
    # groupby only joins adjacent lines; a stable sort keeps each customer's time order.
    for customer, lines in groupby(sorted(stream, key=by_customer), key=by_customer):
        groups[customer] = list(lines)
    return groups
