"""Split an amount between people: evenly, or by weights (e.g. nights stayed)."""


class SplitError(ValueError):
    pass


def to_cents(amount):
    return int(round(amount * 100))


def split_evenly(amount, people):
    if not people:
        raise SplitError("cannot split between nobody")
    share = round(amount / len(people), 2)
    return {person: share for person in people}


def split_by_weight(amount, weights):
    total_weight = sum(weights.values())
    if total_weight <= 0:
        raise SplitError("weights must add up to more than zero")
    return {person: round(amount * w / total_weight, 2) for person, w in weights.items()}
