import asyncio

from batcher import BatchWriter
from sinks import MemorySink


def test_record_added_during_a_slow_write_is_flushed():
    async def main():
        gate = asyncio.Event()
        sink = MemorySink(gate)
        writer = BatchWriter(sink).start()
        writer.add("boot")
        await asyncio.wait_for(sink.writing.wait(), 1)
        writer.add("ready")
        gate.set()
        done, _ = await asyncio.wait({asyncio.ensure_future(sink.wait_for_items(2))}, timeout=1)
        return sink.items(), bool(done)
    assert asyncio.run(main()) == (["boot", "ready"], True)


def test_records_added_together_share_a_batch():
    async def main():
        sink = MemorySink()
        writer = BatchWriter(sink).start()
        for n in range(5):
            writer.add(n)
        await writer.close()
        return sink.batches
    assert asyncio.run(main()) == [[0, 1, 2, 3, 4]]


def test_large_bursts_are_split():
    async def main():
        sink = MemorySink()
        writer = BatchWriter(sink, max_batch=4).start()
        for n in range(10):
            writer.add(n)
        await writer.close()
        return [len(batch) for batch in sink.batches]
    assert asyncio.run(main()) == [4, 4, 2]


def test_close_flushes_pending_records():
    async def main():
        sink = MemorySink()
        writer = BatchWriter(sink).start()
        writer.add("a")
        await asyncio.sleep(0)
        writer.add("b")
        await writer.close()
        return sink.items(), writer.flushes
    items, flushes = asyncio.run(main())
    assert items == ["a", "b"]
    assert flushes >= 1
