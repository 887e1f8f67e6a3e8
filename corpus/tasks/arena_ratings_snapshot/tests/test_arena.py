import pytest
from leaderboard import leaderboard, player_card
from matchmaking import match_quality, pair_players
from ratings import RatingTable
from seasons import rollover, veterans
from snapshot import SnapshotError, dump, load

NAMES = {7: "Vex", 12: "Orla", 31: "Bram", 44: "Iko"}


def season():
    table = RatingTable()
    for winner, loser in [(7, 12), (7, 31), (12, 31), (7, 44), (44, 31), (12, 44), (7, 12), (31, 44),
                          (12, 7), (44, 12)]:
        table.record(winner, loser)
    return table


def test_ratings_move_with_results():
    table = RatingTable()
    assert table.record(7, 12) == 16.0
    assert (table.rating(7), table.rating(12)) == (1516.0, 1484.0)
    with pytest.raises(ValueError, match="against themselves"):
        table.record(7, 7)


def test_leaderboard_of_a_live_season():
    assert leaderboard(season(), NAMES) == ["1. Vex 1542", "2. Orla 1502", "3. Iko 1486", "4. Bram? 1471"]


def test_snapshot_round_trip_keeps_the_leaderboard():
    table = season()
    restored = load(dump(table))
    assert leaderboard(restored, NAMES) == leaderboard(table, NAMES)


def test_games_after_a_restart_update_the_same_players():
    restored = load(dump(season()))
    restored.record(31, 7)
    assert leaderboard(restored, NAMES, top=10) == ["1. Vex 1523", "2. Orla 1502", "3. Bram 1490", "4. Iko 1486"]


def test_matchmaking_after_a_restart_uses_saved_ratings():
    restored = load(dump(season()))
    restored.record(99, 98)
    pairs, leftover = pair_players(restored, [7, 12, 31, 44, 98, 99])
    assert pairs == [(44, 12), (31, 98), (7, 99)] and leftover == []
    assert match_quality(restored, 31, 7) == 0.8


def test_provisional_players_are_paired_together():
    table = season()
    pairs, leftover = pair_players(table, [7, 12, 31, 100, 101])
    assert pairs == [(12, 7), (31, 100)] and leftover == [101]


def test_bad_snapshots_are_refused():
    with pytest.raises(SnapshotError, match="not JSON"):
        load("{ratings")
    with pytest.raises(SnapshotError, match="not an arena-ratings/2 snapshot"):
        load('{"format": "arena-ratings/1"}')
    with pytest.raises(SnapshotError, match="lacks games"):
        load('{"format": "arena-ratings/2", "season": 1, "k_factor": 32, "ratings": {}}')


def test_rollover_of_a_live_season():
    hall = []
    table = season()
    fresh = rollover(table, hall)
    assert hall == [(1, 7, 1542)]
    assert (fresh.season, round(fresh.rating(7)), round(fresh.rating(31)), fresh.games) == (2, 1521, 1485, {})


def test_rollover_after_a_restart():
    hall = []
    restored = load(dump(season()))
    restored.record(12, 7)
    fresh = rollover(restored, hall)
    assert hall == [(1, 7, 1524)]
    assert veterans(fresh, restored) == [7, 12, 31, 44]
    assert round(fresh.rating(12)) == 1510


def test_snapshot_text_is_stable():
    text = dump(season())
    assert dump(load(text)) == text


def test_profile_cards():
    table = season()
    assert player_card(table, NAMES, 12) == "Orla: 1502 (6 games, rank 2 of 4)"
    assert player_card(table, NAMES, 31) == "Bram: 1471 (4 games, provisional)"
    assert player_card(table, NAMES, 50) == "player 50: unrated"


def test_profile_card_after_a_restart():
    restored = load(dump(season()))
    assert player_card(restored, NAMES, 44) == "Iko: 1486 (5 games, rank 3 of 4)"
