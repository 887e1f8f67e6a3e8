import pytest
from board import leaderboard, render
from results import ResultFormatError, parse_results

SEASON = """
# name, round, points, finish seconds
mara, 1, 25, 61.5
jon, 1, 18, 62.0
ines, 1, 15, 63.25
mara, 2, 10, 64.0
jon, 2, 25, 60.0
ines, 2, 18, 61.0
"""


def test_full_tie_shares_the_rank_and_lists_names_alphabetically():
    text = "zoe,1,10,60\nabe,1,10,60\ncal,1,5,50\n"
    assert leaderboard(text) == [(1, "abe", 10), (1, "zoe", 10), (3, "cal", 5)]


def test_parse_skips_comments_and_blank_lines():
    results = parse_results(SEASON)
    assert len(results) == 6
    assert results[0].name == "mara" and results[0].finish_seconds == 61.5


def test_parse_names_the_bad_line():
    with pytest.raises(ResultFormatError, match="line 2"):
        parse_results("a,1,2,3\nb,1,2\n")


def test_clear_points_order():
    assert [name for _, name, _ in leaderboard(SEASON)] == ["jon", "mara", "ines"]


def test_equal_points_go_to_the_faster_player():
    text = SEASON + "ines, 3, 10, 59.0\nmara, 3, 8, 70.0\n"
    # all three end on 43 points: jon in 122 s, ines in 183.25 s, mara in 195.5 s
    rows = leaderboard(text)
    assert [name for _, name, _ in rows] == ["jon", "ines", "mara"]
    by_name = {name: rank for rank, name, _ in rows}
    assert by_name["ines"] < by_name["mara"]


def test_render_aligns_columns():
    out = render("al,1,9,60\nbeatrix,1,7,61\n")
    assert out.splitlines() == [" #  name     pts", " 1  al         9", " 2  beatrix    7"]
