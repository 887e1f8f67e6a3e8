from datetime import datetime, timedelta, timezone

import pytest
from offsets import OffsetError, format_offset, parse_offset, parse_timestamp, to_utc


def test_zulu_and_positive_offsets():
    assert parse_offset("Z") == parse_offset("utc") == timedelta(0)
    assert parse_offset("+05:30") == timedelta(hours=5, minutes=30)
    assert parse_offset("+05") == timedelta(hours=5)


def test_the_sign_covers_the_minutes_too():
    assert parse_offset("-03:30") == -timedelta(hours=3, minutes=30)
    assert parse_offset("-00:30") == timedelta(minutes=-30)
    assert [format_offset(parse_offset(text)) for text in ("-00:01", "-00:30", "+00:01")] == [
        "-00:01", "-00:30", "+00:01"]


def test_compact_offsets_without_a_colon():
    assert parse_offset("-0800") == timedelta(hours=-8)
    assert parse_offset("+0545") == timedelta(hours=5, minutes=45)


def test_the_range_runs_from_minus_12_to_plus_14():
    assert parse_offset("+14:00") == timedelta(hours=14)
    assert parse_offset("-12:00") == timedelta(hours=-12)
    for bad in ("+14:30", "-13:00", "+05:60", "05:00", "+5"):
        with pytest.raises(OffsetError):
            parse_offset(bad)


def test_formatting_negative_offsets():
    assert format_offset(timedelta(hours=5, minutes=30)) == "+05:30"
    assert format_offset(timedelta(0)) == "+00:00"
    assert format_offset(-timedelta(hours=9, minutes=30)) == "-09:30"


def test_timestamps():
    stamp = parse_timestamp("2024-03-10T09:30+05:30")
    assert stamp.utcoffset() == timedelta(hours=5, minutes=30)
    assert to_utc("2024-03-10 23:15:00Z") == datetime(2024, 3, 10, 23, 15, tzinfo=timezone.utc)
    with pytest.raises(OffsetError, match="like 2024-03-10T09:30:00"):
        parse_timestamp("10/03/2024 09:30")
