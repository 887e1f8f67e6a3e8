import pytest
from events import sample_store
from feed import Feed


def test_first_page_is_newest_first():
    assert Feed(sample_store()).page(7, 1) == [
        "commented on post-29", "shared post-28", "commented on post-26", "shared post-25", "commented on post-23"]


def test_repeat_reads_are_cached():
    store = sample_store()
    feed = Feed(store)
    feed.page(7, 1)
    feed.page(7, 1)
    assert store.queries == 1


def test_recording_an_event_refreshes_the_feed():
    feed = Feed(sample_store())
    feed.page(8, 1)
    feed.record(8, "shared", "post-99")
    assert feed.page(8, 1)[0] == "shared post-99"


def test_second_page_continues_the_first():
    feed = Feed(sample_store())
    first, second = feed.page(7, 1), feed.page(7, 2)
    assert second == ["shared post-22", "commented on post-20", "shared post-19", "commented on post-17",
                      "shared post-16"]
    assert not set(first) & set(second)


def test_bad_page_number():
    with pytest.raises(ValueError, match="pages start at 1"):
        Feed(sample_store()).page(7, 0)
