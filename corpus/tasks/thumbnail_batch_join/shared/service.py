"""The thumbnail service the upload handlers talk to."""

import asyncio

from images import RenderRequest
from store import ThumbnailStore
from worker import RenderWorker


class ThumbnailService:
    def __init__(self, originals, sizes=(128, 512), max_batch=16):
        self.sizes = tuple(sizes)
        self.store = ThumbnailStore()
        self.queue = asyncio.Queue()
        self.worker = RenderWorker(self.queue, originals, self.store, max_batch)
        self._task = None

    def start(self):
        self._task = asyncio.get_running_loop().create_task(self.worker.run())
        return self

    def request(self, image_id, version, sizes=None, requester="upload"):
        for size in sizes or self.sizes:
            self.queue.put_nowait(RenderRequest(image_id, version, size, requester))

    async def settled(self):
        """Wait until every thumbnail requested so far has been rendered (or has failed)."""
        await self.queue.join()
        return self.store.snapshot()

    async def stop(self):
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
