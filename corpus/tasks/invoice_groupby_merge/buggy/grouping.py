"""Groups a billing stream per customer, keeping each customer's lines in time order."""

from itertools import groupby
from operator import attrgetter

by_customer = attrgetter("customer")


def lines_per_customer(stream):
    groups = {}
    for customer, lines in groupby(stream, key=by_customer):
        groups[customer] = list(lines)
    return groups
