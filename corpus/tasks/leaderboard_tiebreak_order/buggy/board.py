"""Build and render the leaderboard from raw results."""

from results import parse_results
from standings import aggregate, assign_ranks, order_standings


def leaderboard(text):
    standings = aggregate(parse_results(text))
    return [(rank, s.name, s.points) for rank, s in assign_ranks(order_standings(standings))]


def render(text):
    rows = leaderboard(text)
    width = max((len(name) for _, name, _ in rows), default=4)
    lines = [f"{'#':>2}  {'name':<{width}}  pts"]
    for rank, name, points in rows:
        lines.append(f"{rank:>2}  {name:<{width}}  {points:>3}")
    return "\n".join(lines)
