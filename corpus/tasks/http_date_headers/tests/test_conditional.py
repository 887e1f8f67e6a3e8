from datetime import datetime, timezone

from conditional import Resource, evaluate

PAGE = Resource(etag='"v7"', last_modified=datetime(2024, 3, 9, 18, 4, 0, tzinfo=timezone.utc))


def test_if_none_match_wins_over_if_modified_since():
    headers = {"If-None-Match": 'W/"v7", "v6"', "If-Modified-Since": "Sat, 01 Jan 2000 00:00:00 GMT"}
    assert evaluate(PAGE, headers) == 304
    assert evaluate(PAGE, {"If-None-Match": '"v6"'}) == 200
    assert evaluate(PAGE, {"If-None-Match": "*"}, method="PUT") == 412


def test_if_modified_since_only_for_reads():
    unchanged = {"If-Modified-Since": "Sat, 09 Mar 2024 18:04:00 GMT"}
    assert evaluate(PAGE, unchanged) == 304
    assert evaluate(PAGE, unchanged, method="POST") == 200
    assert evaluate(PAGE, {"If-Modified-Since": "Sat, 09 Mar 2024 18:03:00 GMT"}) == 200


def test_write_preconditions():
    assert evaluate(PAGE, {"If-Match": '"v7"'}, method="PUT") == 200
    assert evaluate(PAGE, {"If-Match": 'W/"v7"'}, method="PUT") == 412
    assert evaluate(PAGE, {"If-Unmodified-Since": "Fri, 08 Mar 2024 00:00:00 GMT"}, method="PUT") == 412
