"""What the sign-up form shows under the password field: a strength bar and the rules still broken."""

import math
from dataclasses import dataclass

POOL_SIZES = {"lower": 26, "upper": 26, "digit": 10, "symbol": 33}
LABELS = ((0, "very weak"), (40, "weak"), (60, "fair"), (80, "strong"), (110, "very strong"))


@dataclass(frozen=True)
class Feedback:
    bits: int
    label: str
    messages: tuple


def estimate_bits(password, classes):
    """A brute-force estimate: length times log2 of the alphabet the used classes span."""
    pool = sum(POOL_SIZES[c] for c in classes)
    if not password or not pool:
        return 0
    return int(len(password) * math.log2(pool))


def label_for(bits):
    label = LABELS[0][1]
    for threshold, name in LABELS:
        if bits >= threshold:
            label = name
    return label


def feedback(password, violations, classes):
    bits = estimate_bits(password, classes)
    if any(v.code == "breached" for v in violations):
        bits = min(bits, 10)
    return Feedback(bits, label_for(bits), tuple(v.message for v in violations))
