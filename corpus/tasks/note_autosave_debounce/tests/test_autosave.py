import asyncio

import pytest
from autosave import Autosaver
from editor import EditError, Note
from storage import NoteStore



class Countdowns:
    """Stands in for asyncio.sleep: a countdown runs out only when the test says the user paused."""

    def __init__(self):
        self.waiting = []

    async def sleep(self, delay):
        future = asyncio.get_running_loop().create_future()
        self.waiting.append(future)
        await future

    async def pause(self):
        await settle()  # let the latest countdown start
        waiting, self.waiting = self.waiting, []
        for future in waiting:
            if not future.done():
                future.set_result(None)
        await settle()


async def settle():
    for _ in range(5):
        await asyncio.sleep(0)


def make_setup(max_writes=3):
    store = NoteStore(max_writes=max_writes, window_s=1.0, clock=lambda: 0.0)
    note = Note("n1")
    countdowns = Countdowns()
    saver = Autosaver(store, note, delay_s=0.5, sleep=countdowns.sleep)
    note.on_change = saver.touch
    return store, note, saver, countdowns


async def type_slowly(note, text):
    for char in text:
        note.type(char)
        await asyncio.sleep(0)


def test_editing_bumps_the_version():
    note = Note("n1", "hello")
    note.type("!", at=5)
    note.delete(0, 1)
    note.delete(2, 2)
    assert (note.text, note.version) == ("ello!", 2)
    with pytest.raises(EditError, match="cannot type at 9: the note has 5 characters"):
        note.type("x", at=9)


def test_a_pause_after_typing_saves_once():
    async def main():
        store, note, saver, countdowns = make_setup()
        await type_slowly(note, "hello")
        await countdowns.pause()
        return store.history, saver.errors, saver.dirty
    assert asyncio.run(main()) == ([(5, "hello")], [], False)


def test_separate_pauses_save_separately():
    async def main():
        store, note, saver, countdowns = make_setup()
        note.type("a")
        await countdowns.pause()
        note.type("b")
        await countdowns.pause()
        return store.history
    assert asyncio.run(main()) == [(1, "a"), (2, "ab")]


def test_leaving_the_page_saves_what_is_pending():
    async def main():
        store, note, saver, countdowns = make_setup()
        note.type("draft")
        await asyncio.sleep(0)
        await saver.close()
        return store.history, saver.dirty
    assert asyncio.run(main()) == ([(1, "draft")], False)


def test_leaving_a_clean_note_writes_nothing():
    async def main():
        store, _note, saver, _countdowns = make_setup()
        await saver.close()
        return store.history
    assert asyncio.run(main()) == []


def test_the_backend_rate_limit_is_reported():
    async def main():
        store, note, saver, countdowns = make_setup(max_writes=1)
        for char in "ab":
            note.type(char)
            await countdowns.pause()
        return store.saved, saver.errors, saver.dirty
    assert asyncio.run(main()) == ({"n1": (1, "a")}, ["more than 1 saves within 1s; slow down"], True)


def test_a_long_burst_of_typing_costs_one_save():
    async def main():
        store, note, saver, countdowns = make_setup()
        await type_slowly(note, "hello world, see you at 10")
        await countdowns.pause()
        return store.saved, len(store.history), saver.errors
    assert asyncio.run(main()) == ({"n1": (26, "hello world, see you at 10")}, 1, [])
