from datetime import datetime, timedelta, timezone

import pytest
from httpdate import HttpDateError, cache_headers, format_http_date, is_modified_since, parse_http_date

NOW = datetime(2024, 3, 10, 12, 0, 0, tzinfo=timezone.utc)


def test_format_matches_the_rfc_example():
    assert format_http_date(datetime(1994, 11, 6, 8, 49, 37)) == "Sun, 06 Nov 1994 08:49:37 GMT"


def test_format_converts_local_times_to_gmt():
    paris = timezone(timedelta(hours=1))
    assert format_http_date(datetime(2024, 1, 1, 0, 30, 5, tzinfo=paris)) == "Sun, 31 Dec 2023 23:30:05 GMT"


def test_parse_the_three_accepted_forms():
    expected = datetime(1994, 11, 6, 8, 49, 37, tzinfo=timezone.utc)
    assert parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT") == expected
    assert parse_http_date("Sunday, 06-Nov-94 08:49:37 GMT", now=NOW) == expected
    assert parse_http_date("Sun Nov  6 08:49:37 1994") == expected


def test_two_digit_years_within_fifty_years_ahead_stay_in_this_century():
    assert parse_http_date("Friday, 01-Jan-27 00:00:00 GMT", now=NOW).year == 2027
    assert parse_http_date("Monday, 01-Jan-74 00:00:00 GMT", now=NOW).year == 2074
    assert parse_http_date("Sunday, 01-Jan-75 00:00:00 GMT", now=NOW).year == 1975


def test_garbage_is_refused_with_an_example():
    with pytest.raises(HttpDateError, match="expected e.g."):
        parse_http_date("yesterday at noon")
    with pytest.raises(HttpDateError, match="unknown month 'Foo'"):
        parse_http_date("Sun, 06 Foo 1994 08:49:37 GMT")
    with pytest.raises(HttpDateError, match="impossible date"):
        parse_http_date("Sun, 31 Feb 1994 08:49:37 GMT")


def test_round_trip_for_every_month():
    for month in range(1, 13):
        moment = datetime(2023, month, 9, 7, 5, 3, tzinfo=timezone.utc)
        assert parse_http_date(format_http_date(moment)) == moment


def test_cache_headers_for_a_one_hour_lifetime():
    headers = cache_headers(datetime(2024, 3, 9, 18, 4, 0), 3600, now=NOW)
    assert headers["Cache-Control"] == "public, max-age=3600"
    assert headers["Date"] == "Sun, 10 Mar 2024 12:00:00 GMT"
    assert headers["Expires"] == "Sun, 10 Mar 2024 13:00:00 GMT"
    assert headers["Last-Modified"] == "Sat, 09 Mar 2024 18:04:00 GMT"
    with pytest.raises(ValueError, match="max_age must be >= 0"):
        cache_headers(NOW, -1, now=NOW)


def test_if_modified_since_compares_whole_seconds():
    stamp = datetime(2024, 3, 9, 18, 4, 0, 750000, tzinfo=timezone.utc)
    assert not is_modified_since(stamp, "Sat, 09 Mar 2024 18:04:00 GMT")
    assert is_modified_since(stamp, "Sat, 09 Mar 2024 18:03:59 GMT")
    assert is_modified_since(stamp, "not a date")
