"""Coupon codes as customers type them: case, spaces and dashes do not matter."""

import re

_CODE = re.compile(r"^[A-Z0-9]{4,16}$")


class InvalidCode(ValueError):
    pass


def normalize(code):
    cleaned = re.sub(r"[\s-]+", "", code).upper()
    if not _CODE.match(cleaned):
        raise InvalidCode(f"{code!r} is not a coupon code (4-16 letters or digits)")
    return cleaned


class Campaign:
    def __init__(self, code, uses, per_customer=1, discount_pct=10):
        self.code = normalize(code)
        self.uses_left = uses
        self.per_customer = per_customer
        self.discount_pct = discount_pct
        self.redeemed_by = {}

    def times_used_by(self, customer):
        return self.redeemed_by.get(customer, 0)
