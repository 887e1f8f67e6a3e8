"""Season standings: total points, ties broken by the lower total finishing time, then by name."""

from dataclasses import dataclass


@dataclass
class Standing:
    name: str
    points: int = 0
    total_seconds: float = 0.0
    rounds: int = 0


def aggregate(results):
    table = {}
    for r in results:
        s = table.setdefault(r.name, Standing(r.name))
        s.points += r.points
        s.total_seconds += r.finish_seconds
        s.rounds += 1
    return list(table.values())


def order_standings(standings):
    # Sort by the tie-breakers first; the final sort by points is stable, so
    # players on equal points keep the tie-breaker order.
    ordered = sorted(standings, key=lambda s: s.name)
    ordered = sorted(ordered, key=lambda s: round(s.total_seconds, 3))
    ordered = sorted(ordered, key=lambda s: s.points)[::-1]
    return ordered


def assign_ranks(ordered):
    """Competition ranking: players level on points and time share a rank (1, 2, 2, 4)."""
    ranked = []
    previous = None
    for position, s in enumerate(ordered, start=1):
        key = (s.points, round(s.total_seconds, 3))
        rank = ranked[-1][0] if key == previous else position
        ranked.append((rank, s))
        previous = key
    return ranked
