import threading

import pytest

from flusher import FlushPool
from journal import Journal, MemoryStorage
from watermark import Watermark


def test_watermark_advances_over_in_order_batches():
    mark = Watermark()
    assert mark.value == 0
    mark.complete(1, 4)
    mark.complete(4, 6)
    assert mark.value == 5 and mark.parked() == []


def test_watermark_waits_for_the_gap_to_close():
    mark = Watermark()
    mark.complete(4, 7)
    assert mark.value == 0
    assert mark.parked() == [(4, 7)]
    mark.complete(8, 9)
    mark.complete(7, 8)
    assert mark.value == 0 and mark.parked() == [(4, 7), (7, 8), (8, 9)]
    mark.complete(1, 4)
    assert mark.value == 8


def test_empty_batch_is_refused():
    with pytest.raises(ValueError, match="empty or reversed batch 5..5"):
        Watermark().complete(5, 5)


def test_journal_submits_full_batches_and_flushes_the_rest():
    submitted = []

    class Recorder:
        def submit(self, batch):
            submitted.append([seq for seq, _ in batch])

    journal = Journal(Recorder(), Watermark(), batch_size=2)
    for n in range(5):
        journal.append({"order": n})
    assert submitted == [[1, 2], [3, 4]]
    journal.flush()
    journal.flush()
    assert submitted == [[1, 2], [3, 4], [5]]


def test_sequential_journal_is_durable_in_order():
    mark, storage = Watermark(), MemoryStorage()
    pool = FlushPool(storage, mark, workers=1)
    journal = Journal(pool, mark, batch_size=2)
    seqs = [journal.append({"order": n, "event": "paid"}) for n in range(5)]
    assert seqs == [1, 2, 3, 4, 5]
    journal.flush()
    pool.close()
    assert journal.wait_durable(5) == 5
    assert [r["order"] for r in storage.records()] == [0, 1, 2, 3, 4]


def test_durable_wait_when_batches_finish_in_reverse_order():
    flushed = {start: threading.Event() for start in (1, 4, 7)}
    follows = {1: 4, 4: 7}

    def before_write(start):
        if start in follows:
            flushed[follows[start]].wait()

    mark, storage = Watermark(), MemoryStorage(before_write)
    pool = FlushPool(storage, mark, workers=3, on_flushed=lambda start, end: flushed[start].set())
    journal = Journal(pool, mark, batch_size=3)
    for n in range(9):
        journal.append({"order": 100 + n, "event": "shipped"})
    flushed[1].wait()
    assert journal.wait_durable(9) == 9
    pool.close()
    assert len(storage.records()) == 9
    assert mark.completions == 3
