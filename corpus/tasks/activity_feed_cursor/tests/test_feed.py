import pytest
from cursor import CursorError, decode_cursor, encode_cursor
from feed_api import get_feed, read_all
from store import Event, EventStore


def make_store():
    # ids 1..9; events 4, 5 and 6 share one timestamp
    stamps = {1: 100, 2: 110, 3: 120, 4: 130, 5: 130, 6: 130, 7: 140, 8: 150, 9: 160}
    return EventStore(Event(i, ts, f"event {i}") for i, ts in stamps.items())


def test_paging_through_the_feed_returns_every_event_once():
    assert read_all(make_store(), limit=4) == [9, 8, 7, 6, 5, 4, 3, 2, 1]


def test_first_page_is_the_newest():
    page = get_feed(make_store(), limit=3)
    assert page["items"] == [9, 8, 7]
    assert decode_cursor(page["next"]) == (140, 7)


def test_last_page_has_no_next_cursor():
    store = EventStore([Event(1, 10, "a"), Event(2, 20, "b")])
    assert get_feed(store, limit=5) == {"items": [2, 1], "next": None}


def test_new_events_do_not_shift_later_pages():
    store = make_store()
    first = get_feed(store, limit=3)
    store.add(Event(10, 170, "new"))
    assert get_feed(store, limit=3, cursor=first["next"])["items"][0] == 6


def test_cursor_round_trip_and_garbage():
    assert decode_cursor(encode_cursor(130, 5)) == (130, 5)
    with pytest.raises(CursorError, match="start again without a cursor"):
        decode_cursor("not-a-cursor")
    with pytest.raises(ValueError, match="between 1 and 100"):
        get_feed(make_store(), limit=0)
