"""Coupons: a percentage off the subscription fees, or a fixed amount off the invoice."""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal


@dataclass(frozen=True)
class Coupon:
    code: str
    percent_off: int = 0
    amount_off_cents: int = 0


COUPONS = {
    "WELCOME20": Coupon("WELCOME20", percent_off=20),
    "NONPROFIT50": Coupon("NONPROFIT50", percent_off=50),
    "SORRY5": Coupon("SORRY5", amount_off_cents=500),
}


class UnknownCoupon(KeyError):
    pass


def coupon(code):
    if code is None:
        return None
    try:
        return COUPONS[code.upper()]
    except KeyError:
        raise UnknownCoupon(f"coupon {code!r} does not exist or has expired") from None


def discount_cents(coupon_obj, fee_cents, invoice_cents):
    """How much the coupon takes off: percent coupons apply to fees only, never below zero."""
    if coupon_obj is None:
        return 0
    if coupon_obj.percent_off:
        off = Decimal(fee_cents) * coupon_obj.percent_off / 100
        return int(off.quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return min(coupon_obj.amount_off_cents, invoice_cents)
