"""Pairs waiting players with the closest rating; provisional players are matched among
themselves first so that new accounts do not distort established ratings."""


def pair_players(table, waiting):
    settled = sorted((p for p in waiting if not table.provisional(p)), key=lambda p: (table.rating(p), p))
    newcomers = sorted((p for p in waiting if table.provisional(p)), key=lambda p: (table.rating(p), p))
    pairs, leftover = [], []
    for group in (settled, newcomers):
        for i in range(0, len(group) - 1, 2):
            pairs.append((group[i], group[i + 1]))
        if len(group) % 2:
            leftover.append(group[-1])
    if len(leftover) == 2:
        pairs.append(tuple(leftover))
        leftover = []
    return pairs, leftover


def match_quality(table, a, b):
    """1.0 for an even match, towards 0 as the favourite becomes certain."""
    return round(1 - abs(table.expected(a, b) - 0.5) * 2, 2)
