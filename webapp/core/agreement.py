"""Agreement between raters over categorical judgements: Fleiss' kappa, generalised to items rated by
different numbers of raters (each item's observed agreement uses its own rater count; chance agreement
pools every rating). Written here because the libraries that have it either need the same number of
raters per item (statsmodels) or bring a numeric stack for a few lines of arithmetic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Agreement:
    """``items``: items with two or more ratings (the others cannot disagree); ``raters``: distinct
    raters over those items; ``observed``: the share of agreeing rater pairs, averaged over items;
    ``kappa``: Fleiss' kappa, None when chance agreement is total (one category used throughout)."""

    items: int
    raters: int
    observed: float | None
    kappa: float | None

    # The names the task pages used before this module existed.
    @property
    def tasks_compared(self) -> int:
        return self.items

    @property
    def annotators(self) -> int:
        return self.raters


def pair_agreement(counts: Counter) -> float | None:
    """The share of rater pairs that agree on one item (None under two ratings)."""
    n = sum(counts.values())
    if n < 2:
        return None
    return sum(c * (c - 1) for c in counts.values()) / (n * (n - 1))


def fleiss_kappa(ratings: Iterable[tuple[object, object, str]]) -> Agreement:
    """Agreement over ``(item, rater, category)`` triples; a rater's last triple for an item counts."""
    newest: dict[tuple[object, object], str] = {}
    for item, rater, category in ratings:
        newest[(item, rater)] = category
    per_item: dict[object, Counter] = {}
    for (item, _), category in newest.items():
        per_item.setdefault(item, Counter())[category] += 1
    rated = {item: counts for item, counts in per_item.items() if sum(counts.values()) >= 2}
    raters = len({rater for (item, rater) in newest if item in rated})
    if not rated:
        return Agreement(0, raters, None, None)
    pooled: Counter = Counter()
    for counts in rated.values():
        pooled.update(counts)
    observed = sum(pair_agreement(counts) or 0.0 for counts in rated.values()) / len(rated)  # each rated twice
    total = sum(pooled.values())
    chance = sum((count / total) ** 2 for count in pooled.values())
    kappa = None if chance >= 1 else (observed - chance) / (1 - chance)
    return Agreement(len(rated), raters, observed, kappa)
