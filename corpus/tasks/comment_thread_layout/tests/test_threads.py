import pytest
from render import digest, page, stats
from threads import ThreadError, build_tree

RECORDS = [
    (1, None, "ann", "Is the meetup still on?", 100),
    (2, 1, "bob", "Yes, 7pm.", 110),
    (3, 1, "cy", "Which room?", 120),
    (4, 3, "ann", "Room B.", 130),
    (5, None, "dee", "Slides are online.", 140),
    (6, 4, "cy", "Thanks!", 150),
    (7, 6, "bob", "See you there.", 160),
]


def test_single_reply_chain():
    tree = build_tree([(1, None, "a", "q", 1), (2, 1, "b", "r", 2), (3, 2, "c", "s", 3)])
    assert digest(tree) == "a: q\n  b: r\n    c: s"


def test_digest_indents_by_reply_level():
    assert digest(build_tree(RECORDS)).splitlines() == [
        "ann: Is the meetup still on?", "  bob: Yes, 7pm.", "  cy: Which room?", "    ann: Room B.",
        "      cy: Thanks!", "        bob: See you there.", "dee: Slides are online."]


def test_deep_replies_are_folded_on_the_page():
    assert page(build_tree(RECORDS)) == [
        "[1] ann: Is the meetup still on?", "  [2] bob: Yes, 7pm.", "  [3] cy: Which room?",
        "    [4] ann: Room B. (continue this thread: 2 more)", "[5] dee: Slides are online."]


def test_thread_statistics():
    assert stats(build_tree(RECORDS)) == {
        "deepest": 4, "authors_per_level": {0: ["ann", "dee"], 1: ["bob", "cy"], 2: ["ann"], 3: ["cy"], 4: ["bob"]}}


def test_replies_are_ordered_by_time():
    tree = build_tree([(1, None, "a", "q", 1), (3, 1, "c", "late", 9), (2, 1, "b", "early", 5)])
    assert [reply.author for reply in tree[0].replies] == ["b", "c"]


def test_broken_threads_are_reported():
    with pytest.raises(ThreadError, match="comment 2 replies to missing comment 9"):
        build_tree([(1, None, "a", "q", 1), (2, 9, "b", "r", 2)])
    with pytest.raises(ThreadError, match="comment 1 appears twice"):
        build_tree([(1, None, "a", "q", 1), (1, None, "b", "r", 2)])


def test_empty_thread():
    assert (digest([]), page([])) == ("", [])


def test_removing_a_comment_takes_its_replies():
    from moderation import remove

    tree = build_tree(RECORDS)
    assert remove(tree, 3) == 4
    assert digest(tree).splitlines() == ["ann: Is the meetup still on?", "  bob: Yes, 7pm.", "dee: Slides are online."]


def test_who_is_notified_of_a_reply():
    from moderation import notify_on_reply

    tree = build_tree(RECORDS)
    assert notify_on_reply(tree, 7) == ["ann", "cy"]
    assert notify_on_reply(tree, 5) == []
