import asyncio

import pytest
from board import BuildBoard
from follow import dashboard, follow
from statuses import BadTransition


async def settle():
    for _ in range(3):
        await asyncio.sleep(0)


def test_builds_only_move_forward():
    board = BuildBoard()
    board.publish({"b1": "queued"})
    with pytest.raises(BadTransition, match="build 'b1' cannot go from queued to passed"):
        board.publish({"b1": "passed"})
    assert (board.version, board.snapshot()) == (1, {"b1": "queued"})


def test_a_publish_applies_all_or_nothing():
    board = BuildBoard()
    with pytest.raises(BadTransition, match="build 'b2' cannot go from unknown to running"):
        board.publish({"b1": "queued", "b2": "running"})
    assert (board.version, board.snapshot()) == (0, {})


def test_waiting_returns_at_once_when_the_board_is_already_newer():
    async def main():
        board = BuildBoard()
        board.publish({"b1": "queued", "b2": "queued"})
        board.publish({"b1": "running"})
        change = await board.wait_for_change(since=1)
        build = await board.wait_for_build("b2", since=0)
        return change, build
    assert asyncio.run(main()) == ((2, {"b1": "running", "b2": "queued"}), (1, "queued"))


def test_a_build_page_ignores_other_builds():
    async def main():
        board = BuildBoard()
        board.publish({"b2": "queued"})
        page = asyncio.ensure_future(board.wait_for_build("b2", since=1))
        await settle()
        board.publish({"b1": "queued"})
        await settle()
        still_waiting = not page.done()
        page.cancel()
        return still_waiting, board.version
    assert asyncio.run(main()) == (True, 2)


def test_a_build_page_follows_a_build_to_the_end():
    async def main():
        board = BuildBoard()
        page = asyncio.ensure_future(follow(board, "b7"))
        await settle()
        for status in ("queued", "running", "passed"):
            board.publish({"b7": status})
            await settle()
        return await page
    assert asyncio.run(main()) == ["queued", "running", "passed"]


def test_dashboard_and_build_page_see_the_same_run():
    async def main():
        board = BuildBoard()
        page = asyncio.ensure_future(follow(board, "b7"))
        wall = asyncio.ensure_future(dashboard(board, rounds=3))
        await settle()
        board.publish({"b7": "queued", "b8": "queued"})
        await settle()
        board.publish({"b7": "running"})
        await settle()
        board.publish({"b7": "failed", "b8": "cancelled"})
        return await page, await wall, board.snapshot()
    page, wall, snapshot = asyncio.run(main())
    assert page == ["queued", "running", "failed"]
    assert wall == [1, 2, 3]
    assert snapshot == {"b7": "failed", "b8": "cancelled"}


def test_dashboard_headline():
    from summary import headline

    board = BuildBoard()
    assert headline(board.snapshot()) == "idle"
    board.publish({"b1": "queued", "b2": "queued", "b3": "queued"})
    board.publish({"b1": "running", "b3": "cancelled"})
    assert headline(board.snapshot()) == "busy: 1 running, 1 queued, 1 cancelled"
    board.publish({"b1": "failed", "b2": "running"})
    assert headline(board.snapshot()) == "red: 1 running, 1 failed, 1 cancelled"
    with pytest.raises(ValueError, match="unknown build status 'flaky'"):
        headline({"b9": "flaky"})
