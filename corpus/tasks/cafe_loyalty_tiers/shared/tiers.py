"""Membership tiers by points balance, and what each tier gets."""

TIERS = (("Gold", 25), ("Silver", 10), ("Bronze", 0))
PERKS = {"Gold": ("free oat milk", "10% off beans", "birthday cake"), "Silver": ("free oat milk",), "Bronze": ()}


def tier(balance):
    for name, threshold in TIERS:
        if balance >= threshold:
            return name
    return "Bronze"


def next_tier(balance):
    """(name, points still needed) for the next tier up, or None at the top."""
    for name, threshold in reversed(TIERS):
        if balance < threshold:
            return name, round(threshold - balance, 1)
    return None


def perks(balance):
    return PERKS[tier(balance)]
