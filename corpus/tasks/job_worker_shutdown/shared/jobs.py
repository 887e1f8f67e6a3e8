"""Jobs submitted to the background worker, with a handle the submitter can await or cancel."""

import asyncio
from dataclasses import dataclass, field


@dataclass
class Job:
    name: str
    action: object  # a coroutine function taking no arguments
    result: asyncio.Future = field(default=None, repr=False)
    state: str = "queued"

    def bind(self, loop):
        self.result = loop.create_future()
        return self


class JobHandle:
    def __init__(self, job, worker):
        self.job = job
        self._worker = worker

    async def wait(self, timeout=None):
        return await asyncio.wait_for(asyncio.shield(self.job.result), timeout)

    def cancel(self):
        """Withdraw the job: dropped if still queued, interrupted if it is running."""
        return self._worker.cancel_job(self.job)
