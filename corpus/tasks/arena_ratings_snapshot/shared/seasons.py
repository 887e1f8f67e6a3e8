"""Season rollover: ratings are pulled halfway back to the start rating, game counts restart,
and the season's champion goes into the hall of fame."""

from ratings import START_RATING, RatingTable

REGRESSION = 0.5


def champion(table):
    settled = [p for p in table.ratings if not table.provisional(p)]
    if not settled:
        return None
    return max(sorted(settled, key=str), key=lambda p: table.ratings[p])


def rollover(table, hall_of_fame):
    winner = champion(table)
    if winner is not None:
        hall_of_fame.append((table.season, winner, round(table.ratings[winner])))
    fresh = RatingTable(k_factor=table.k_factor, season=table.season + 1)
    for player_id, rating in table.ratings.items():
        fresh.ratings[player_id] = START_RATING + (rating - START_RATING) * REGRESSION
    return fresh


def veterans(table, previous):
    """Players who already played last season (they skip the newcomer queue)."""
    return sorted(p for p in table.ratings if p in previous.games)
