"""The public leaderboard: established players ranked by rating, provisional ones marked."""


def leaderboard(table, names, top=5):
    rows = []
    ranked = sorted(table.ratings, key=lambda p: (-table.ratings[p], str(p)))
    for position, player_id in enumerate(ranked[:top], start=1):
        marker = "?" if table.provisional(player_id) else ""
        name = names.get(player_id, f"player {player_id}")
        rows.append(f"{position}. {name}{marker} {table.ratings[player_id]:.0f}")
    return rows


def player_card(table, names, player_id):
    """One player's line on their profile page: rating, games played and current rank."""
    name = names.get(player_id, f"player {player_id}")
    games = table.games.get(player_id, 0)
    if player_id not in table.ratings:
        return f"{name}: unrated"
    ranked = sorted(table.ratings, key=lambda p: -table.ratings[p])
    rank = ranked.index(player_id) + 1
    status = "provisional" if table.provisional(player_id) else f"rank {rank} of {len(ranked)}"
    return f"{name}: {table.rating(player_id):.0f} ({games} games, {status})"
