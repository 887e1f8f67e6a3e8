"""Deal figures for the quarterly review, all in euro cents."""

import heapq
from collections import Counter

EUR_PER = {"EUR": 1.0, "USD": 0.92, "GBP": 1.17, "CHF": 1.04}


def in_euro_cents(row):
    if row["currency"] not in EUR_PER:
        raise KeyError(f"deal {row['deal']} (line {row['line']}): no rate for {row['currency']}")
    return round(row["amount"] * EUR_PER[row["currency"]])


def won(rows):
    return (row for row in rows if row["stage"] == "won")


def region_totals(rows):
    totals = Counter()
    for row in won(rows):
        totals[row["region"]] += in_euro_cents(row)
    return dict(sorted(totals.items()))


def deals_per_rep(rows):
    return dict(sorted(Counter(row["rep"] for row in rows).items()))


def top_deals(rows, count=3):
    best = heapq.nlargest(count, won(rows), key=in_euro_cents)
    return [row for row in best if in_euro_cents(row) > 0]


def biggest_by_region(rows):
    best = {}
    for row in won(rows):
        if row["region"] not in best or in_euro_cents(row) > in_euro_cents(best[row["region"]]):
            best[row["region"]] = row
    return best


STAGE_ODDS = {"won": 1.0, "proposal": 0.5, "lead": 0.1, "lost": 0.0}


def forecast(rows):
    """Expected euro cents per region: each open deal weighted by the odds of its stage."""
    expected = Counter()
    for row in rows:
        if row["stage"] not in STAGE_ODDS:
            raise KeyError(f"deal {row['deal']} (line {row['line']}): unknown stage {row['stage']!r}")
        expected[row["region"]] += round(in_euro_cents(row) * STAGE_ODDS[row["stage"]])
    return dict(sorted(expected.items()))


def rep_ranking(rows):
    """Reps by euro value won, best first; ties by name."""
    won_by = Counter()
    for row in won(rows):
        won_by[row["rep"]] += in_euro_cents(row)
    return sorted(won_by.items(), key=lambda item: (-item[1], item[0]))
