"""Split an amount between people: evenly, or by weights (e.g. nights stayed)."""


class SplitError(ValueError):
    pass


def to_cents(amount):
    return int(round(amount * 100))


def _allocate(cents, weights):
    """Largest-remainder allocation: the shares always add up to exactly `cents`."""
    total_weight = sum(weights.values())
    exact = {p: cents * w / total_weight for p, w in weights.items()}
    shares = {p: int(v) for p, v in exact.items()}
    leftover = cents - sum(shares.values())
    for p in sorted(exact, key=lambda p: exact[p] - shares[p], reverse=True)[:leftover]:
        shares[p] += 1
    return {p: c / 100 for p, c in shares.items()}


def split_evenly(amount, people):
    if not people:
        raise SplitError("cannot split between nobody")
    return _allocate(to_cents(amount), {p: 1 for p in people})


def split_by_weight(amount, weights):
    total_weight = sum(weights.values())
    if total_weight <= 0:
        raise SplitError("weights must add up to more than zero")
    return _allocate(to_cents(amount), weights)
