import asyncio

import pytest
from hub import AlreadyConnected, Hub
from room import EmptyMessage, Room
from watchdog import Watchdog


async def settle():
    for _ in range(5):
        await asyncio.sleep(0)


def read_all(subscriber):
    texts = []
    while not subscriber.inbox.empty():
        texts.append(subscriber.inbox.get_nowait().text)
    return texts


def test_new_members_get_the_recent_history():
    async def main():
        room = Room(Hub())
        ann = room.join("ann")
        for text in ("hi", "  lunch   at 12? ", "ok"):
            await room.post("ann", text)
        bob = room.join("bob", replay=2)
        _, delivered = await room.post("bob", "count me in")
        return read_all(ann), read_all(bob), delivered
    ann, bob, delivered = asyncio.run(main())
    assert ann == ["hi", "lunch at 12?", "ok", "count me in"]
    assert bob == ["lunch at 12?", "ok", "count me in"]
    assert delivered == 2


def test_bad_posts_and_duplicate_names_are_refused():
    async def main():
        room = Room(Hub())
        room.join("ann")
        with pytest.raises(EmptyMessage, match="ann tried to post an empty message"):
            await room.post("ann", "   ")
        with pytest.raises(AlreadyConnected, match="'ann' is already connected"):
            room.join("ann")
        return room.history
    assert asyncio.run(main()) == []


def test_members_who_left_get_nothing_more():
    async def main():
        room = Room(Hub())
        ann, erin = room.join("ann"), room.join("erin")
        await room.post("ann", "first")
        left = room.leave("erin")
        _, delivered = await room.post("ann", "second")
        return left, room.leave("erin"), delivered, read_all(ann), room.missed
    left, again, delivered, ann, missed = asyncio.run(main())
    assert (left, again, delivered) == (True, False, 1)
    assert ann == ["first", "second"]
    assert missed == {"erin": 1}


def test_a_full_inbox_holds_the_broadcast_back():
    async def main():
        room = Room(Hub(inbox_size=1))
        ann = room.join("ann")
        await room.post("ann", "one")
        posting = asyncio.ensure_future(room.post("ann", "two"))
        await settle()
        held = not posting.done()
        read_all(ann)
        await settle()
        return held, posting.done(), room.hub.backed_up()
    assert asyncio.run(main()) == (True, True, ["ann"])


def test_a_slow_member_is_kicked_and_the_others_still_get_the_message():
    async def main():
        room = Room(Hub(inbox_size=1))
        ann, dave, erin = room.join("ann"), room.join("dave"), room.join("erin")
        watchdog = Watchdog(room, strikes=2)
        await room.post("ann", "standup in 5")
        read_all(ann), read_all(erin)
        posting = asyncio.ensure_future(room.post("erin", "on my way"))
        await settle()
        ann_got = read_all(ann)
        first_sweep = watchdog.sweep()
        second_sweep = watchdog.sweep()
        _, delivered = await asyncio.wait_for(posting, 1)
        return first_sweep, second_sweep, delivered, ann_got, read_all(erin), room.missed, room.hub.connected()
    first, second, delivered, ann, erin, missed, connected = asyncio.run(main())
    assert (first, second) == ([], ["dave"])
    assert (ann, erin) == (["on my way"], ["on my way"])
    assert delivered == 2
    assert missed == {"dave": 1}
    assert connected == ["ann", "erin"]


def test_a_member_who_leaves_while_a_broadcast_is_held_back_gets_nothing_more():
    async def main():
        room = Room(Hub(inbox_size=1))
        ann, dave, fred = room.join("ann"), room.join("dave"), room.join("fred")
        await room.post("ann", "standup in 5")
        read_all(ann), read_all(fred)
        posting = asyncio.ensure_future(room.post("ann", "on my way"))
        await settle()
        room.leave("fred")
        read_all(dave)
        _, delivered = await asyncio.wait_for(posting, 1)
        return delivered, read_all(ann), read_all(fred)
    assert asyncio.run(main()) == (2, ["on my way"], [])
