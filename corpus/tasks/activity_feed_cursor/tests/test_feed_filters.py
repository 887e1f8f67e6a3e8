import pytest
from feed_filters import FilterError, kind_of, mentioning, only_kinds, unread_count
from store import Event

EVENTS = [
    Event(1, 100, "post hello world"),
    Event(2, 110, "comment nice one @Ana"),
    Event(3, 120, "like by @ben"),
    Event(4, 130, "follow @ana"),
    Event(5, 140, "just text"),
]


def test_kinds_default_to_post():
    assert [kind_of(e) for e in EVENTS] == ["post", "comment", "like", "follow", "post"]


def test_filter_by_kind_and_mentions():
    assert [e.id for e in only_kinds(EVENTS, {"comment", "follow"})] == [2, 4]
    assert [e.id for e in mentioning(EVENTS, "ana")] == [2, 4]


def test_unread_count_and_bad_kinds():
    assert unread_count(EVENTS, last_seen_id=3) == 2
    with pytest.raises(FilterError, match="unknown event kinds \\['share'\\]"):
        only_kinds(EVENTS, {"share"})
