"""Collects log records and hands them to a sink in batches from one background flusher task."""

import asyncio


class BatchWriter:
    def __init__(self, sink, max_batch=100):
        self.sink = sink
        self.max_batch = max_batch
        self._buffer = []
        self._wake = asyncio.Event()
        self._closed = False
        self._task = None
        self.flushes = 0

    def start(self):
        self._task = asyncio.get_running_loop().create_task(self._flush_forever())
        return self

    def add(self, record):
        if self._closed:
            raise RuntimeError("writer is closed")
        self._buffer.append(record)
        self._wake.set()

    async def _flush_forever(self):
        while True:
            await self._wake.wait()
            if not self._buffer and self._closed:
                return
            drained = len(self._buffer) <= self.max_batch
            batch = self._buffer[: self.max_batch]
            del self._buffer[: self.max_batch]
            if batch:
                await self.sink.write(batch)
                self.flushes += 1
            if drained:
                if self._closed:
                    return
                self._wake.clear()

    async def close(self, timeout=1.0):
        self._closed = True
        self._wake.set()
        await asyncio.wait_for(self._task, timeout)
