"""The shop front: product cards as JSON for the web page, and basket quotes."""

import json
from dataclasses import dataclass

SYMBOLS = {"EUR": "€", "GBP": "£", "USD": "$", "SEK": "kr "}
NAMES = {"TENT-2": "Two-person tent", "BAG-0": "Sleeping bag 0°C", "STOVE": "Camping stove",
         "LAMP": "Head lamp"}


@dataclass(frozen=True)
class Customer:
    name: str
    group: str = "retail"
    currency: str = "EUR"


def show(cents, currency):
    return f"{SYMBOLS[currency]}{cents // 100}.{cents % 100:02d}"


def product_card(cache, sku, customer):
    cents = cache.price(sku, customer.currency, customer.group)
    return json.dumps({"sku": sku, "name": NAMES[sku], "price": show(cents, customer.currency),
                       "group": customer.group}, ensure_ascii=False)


def quote(cache, customer, basket):
    """basket: {sku: quantity} -> (lines, total) in the customer's currency and group prices."""
    lines, total = [], 0
    for sku, quantity in sorted(basket.items()):
        cents = cache.price(sku, customer.currency, customer.group)
        lines.append(f"{quantity} x {NAMES[sku]} @ {show(cents, customer.currency)}")
        total += cents * quantity
    return lines, show(total, customer.currency)


def start_of_day(cache):
    """Pre-computes the most viewed prices before the shop opens."""
    cache.warm(["TENT-2", "BAG-0", "STOVE"], currencies=("EUR", "GBP"))
