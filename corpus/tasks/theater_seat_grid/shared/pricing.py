"""Ticket prices by zone (front rows cost more) and group discounts."""

ZONES = [("premium", 2, 4500), ("standard", 5, 3200)]  # (zone, rows up to, cents); the rest is "rear"
REAR_CENTS = 2100


class PricingError(ValueError):
    pass


def zone_of(label):
    row = ord(label[0].upper()) - ord("A") + 1
    if row < 1 or not label[1:].isdigit():
        raise PricingError(f"cannot price seat {label!r}")
    for zone, last_row, _ in ZONES:
        if row <= last_row:
            return zone
    return "rear"


def seat_price(label):
    zone = zone_of(label)
    return next((cents for name, _, cents in ZONES if name == zone), REAR_CENTS)


def order_total(labels, group_discount_from=6, discount_percent=10):
    """Cents for a set of seats; groups of `group_discount_from` or more get a discount."""
    total = sum(seat_price(label) for label in labels)
    if len(labels) >= group_discount_from:
        total -= total * discount_percent // 100
    return total
