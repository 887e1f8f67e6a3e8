import threading

import pytest
from checksums import blocks, crc, digest, word_count
from parallel import ParallelMap, WorkerError


def finishes(fn, *args, within=1.0):
    box = {}
    thread = threading.Thread(target=lambda: box.setdefault("value", fn(*args)), daemon=True)
    thread.start()
    thread.join(within)
    assert not thread.is_alive(), f"{getattr(fn, '__name__', fn)} did not return within {within}s"
    return box["value"]


def test_many_blocks_on_two_workers():
    text = "the quick brown fox jumps over the lazy dog " * 20
    parts = blocks(text, 64)
    runner = ParallelMap(crc, workers=2)
    assert finishes(runner.run, parts) == [crc(p) for p in parts]


def test_few_items_keep_their_order():
    parts = ["alpha", "beta"]
    assert ParallelMap(digest, workers=2).run(parts) == [digest("alpha"), digest("beta")]


def test_single_item():
    assert ParallelMap(word_count, workers=4).run(["one two three"]) == [3]


def test_a_failing_item_is_reported_with_its_index():
    with pytest.raises(WorkerError) as info:
        ParallelMap(word_count, workers=2, buffer=8).run(["a b", 5, "c"])
    assert info.value.index == 1


def test_the_first_failure_is_the_one_reported():
    with pytest.raises(WorkerError) as info:
        ParallelMap(word_count, workers=1, buffer=8).run(["a b", 5, "c", 7])
    assert info.value.index == 1
