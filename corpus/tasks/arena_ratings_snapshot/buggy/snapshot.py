"""Saving the rating table between server restarts, as JSON."""

import json

from ratings import RatingTable

FORMAT = "arena-ratings/2"


class SnapshotError(ValueError):
    pass


def dump(table):
    return json.dumps({"format": FORMAT, "season": table.season, "k_factor": table.k_factor,
                       "ratings": table.ratings, "games": table.games}, sort_keys=True)


def load(text):
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SnapshotError(f"snapshot is not JSON: {exc.msg} (line {exc.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SnapshotError(f"not an {FORMAT} snapshot")
    missing = [key for key in ("season", "k_factor", "ratings", "games") if key not in data]
    if missing:
        raise SnapshotError(f"snapshot lacks {', '.join(missing)}")
    table = RatingTable(k_factor=data["k_factor"], season=data["season"])
    table.ratings.update(data["ratings"])
    table.games.update(data["games"])
    return table
