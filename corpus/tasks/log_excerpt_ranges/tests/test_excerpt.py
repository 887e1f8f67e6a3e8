import pytest
from excerpt import excerpt
from ranges import RangeSpecError, parse_spec

LOG = "\n".join(f"event {i}" for i in range(1, 13))


def test_ranges_are_merged_and_sorted():
    assert parse_spec("10,3-5,4-6,12-", 12) == [(3, 6), (10, 10), (12, 12)]


def test_open_range_stops_at_the_last_line():
    assert parse_spec("11-", 12) == [(11, 12)]
    assert parse_spec("2-99", 5) == [(2, 5)]


def test_excerpt_shows_each_requested_line():
    assert excerpt(LOG, "2-3,9").splitlines() == [
        "   2: event 2", "   3: event 3", "...", "   9: event 9"]


def test_tail_of_the_file():
    assert excerpt(LOG, "11-") == "  11: event 11\n  12: event 12"


def test_bad_specs_say_what_to_write():
    with pytest.raises(RangeSpecError, match="use N, N-M or N-"):
        parse_spec("a-3", 10)
    with pytest.raises(RangeSpecError, match="run forward"):
        parse_spec("5-2", 10)
