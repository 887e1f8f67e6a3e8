"""Checkout: basket subtotal, an optional coupon from the desk, and the amount to charge."""

from decimal import ROUND_HALF_UP, Decimal


def subtotal(lines):
    total = Decimal(0)
    for sku, qty, price in lines:
        if qty <= 0:
            raise ValueError(f"quantity of {sku} must be positive")
        total += qty * Decimal(str(price))
    return total.quantize(Decimal("0.01"), ROUND_HALF_UP)


def checkout(desk, customer, lines, code=None):
    gross = subtotal(lines)
    discount = Decimal(0)
    if code:
        discount = Decimal(str(desk.redeem(code, customer, float(gross))))
    return {"customer": customer, "gross": gross, "discount": discount, "charge": gross - discount}
