"""The render worker: takes whatever requests are waiting, merges duplicates, renders each once."""

import asyncio

from images import RenderError, coalesce, scaled
from store import Thumbnail


class RenderWorker:
    def __init__(self, queue, originals, store, max_batch=16):
        self._queue = queue
        self.originals = originals
        self.store = store
        self.max_batch = max_batch
        self.failures = {}
        self.batches = []

    async def _take_batch(self):
        requests = [await self._queue.get()]
        while len(requests) < self.max_batch and not self._queue.empty():
            requests.append(self._queue.get_nowait())
        return requests

    async def _render(self, job):
        if job.image_id not in self.originals:
            raise RenderError(f"no original for {job.image_id!r}")
        width, height = scaled(*self.originals[job.image_id], job.size)
        await asyncio.sleep(0)
        self.store.put(Thumbnail(job.image_id, job.size, job.version, width, height))

    async def run(self):
        while True:
            requests = await self._take_batch()
            jobs = coalesce(requests)
            self.batches.append(len(jobs))
            for job in jobs:
                try:
                    await self._render(job)
                except RenderError as exc:
                    self.failures[job.key] = str(exc)
                finally:
                    self._queue.task_done()
