import pytest
from report import build, daily_totals, peak_hour
from timeutil import TimestampError

UTC_FEED = """
# meter m1 reports in UTC
2026-03-01T08:10:00+00:00,m1,1.5
2026-03-01T08:40:00+00:00,m1,0.5
2026-03-01T10:05:00+00:00,m1,3.0
"""

MIXED_FEED = """
2026-03-01T21:30:00+00:00,m2,1.0
2026-03-01T23:45:00+02:00,m2,4.0
2026-03-01T22:15:00+00:00,m2,0.5
"""


def test_evening_reading_from_a_plus_two_meter_lands_in_utc_hour():
    series = build(MIXED_FEED)["m2"]
    assert [(hour.strftime("%H:%M"), kwh) for hour, kwh in series.items()] == [("21:00", 5.0), ("22:00", 0.5)]


def test_utc_feed_is_bucketed_and_gaps_filled():
    series = build(UTC_FEED)["m1"]
    assert [(hour.hour, kwh) for hour, kwh in series.items()] == [(8, 2.0), (9, 0.0), (10, 3.0)]


def test_peak_hour_in_local_time():
    assert peak_hour(UTC_FEED, "m1", local_offset_hours=1) == 11


def test_daily_totals_split_at_local_midnight():
    assert daily_totals(MIXED_FEED, local_offset_hours=2) == {("m2", "2026-03-01"): 5.0, ("m2", "2026-03-02"): 0.5}


def test_timestamps_without_offset_are_rejected():
    with pytest.raises(TimestampError, match="no UTC offset"):
        build("2026-03-01T08:10:00,m1,1.0")


def test_bad_lines_are_reported():
    from readings import ReadingError

    with pytest.raises(ReadingError, match="line 2: kwh must be a number"):
        build("2026-03-01T08:10:00+00:00,m1,1\n2026-03-01T09:10:00+00:00,m1,lots")
