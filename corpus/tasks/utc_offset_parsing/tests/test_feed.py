from datetime import datetime, timedelta, timezone

import pytest
from feed import clashes, load_feed, parse_duration

FEED = """
# partner calendar
2024-03-11T10:00:00+01:00 | Planning      | 1h
2024-03-11T09:30:00Z      | Stand-up      | 15m
2024-03-11T14:00:00+05:30 | Vendor call   | 1h 30m
2024-03-11 25:00 +01:00   | Broken        | 1h
"""


def test_durations():
    assert parse_duration("1h 30m") == timedelta(minutes=90)
    assert parse_duration("45m") == timedelta(minutes=45)
    with pytest.raises(ValueError, match="like 45m"):
        parse_duration("soon")


def test_feed_is_sorted_in_utc_and_bad_lines_are_reported():
    events, problems = load_feed(FEED)
    assert [(e.title, e.start.hour, e.start.minute) for e in events] == [
        ("Vendor call", 8, 30), ("Planning", 9, 0), ("Stand-up", 9, 30)]
    assert len(problems) == 1 and problems[0].startswith("line 6:")
    assert events[0].start.tzinfo == timezone.utc


def test_overlapping_events():
    events, _ = load_feed(FEED)
    assert clashes(events) == [("Vendor call", "Planning"), ("Vendor call", "Stand-up"), ("Planning", "Stand-up")]
    assert events[-1].end == datetime(2024, 3, 11, 9, 45, tzinfo=timezone.utc)
