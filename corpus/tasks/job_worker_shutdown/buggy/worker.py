"""A single background worker that runs submitted jobs one after another."""

import asyncio

from jobs import Job, JobHandle


class Worker:
    def __init__(self):
        self._queue = asyncio.Queue()
        self._task = None
        self._running = None
        self._current = None
        self.log = []

    def start(self):
        self._task = asyncio.get_running_loop().create_task(self._serve(), name="worker")
        return self

    def submit(self, name, action):
        job = Job(name, action).bind(asyncio.get_running_loop())
        self._queue.put_nowait(job)
        return JobHandle(job, self)

    def cancel_job(self, job):
        if job.state == "queued":
            job.state = "cancelled"
            job.result.cancel()
            return True
        if job.state == "running" and self._running is not None:
            self._running.cancel()
            return True
        return False

    async def _serve(self):
        while True:
            job = await self._queue.get()
            if job.state == "cancelled":
                continue
            job.state = "running"
            self._current = job
            self._running = asyncio.get_running_loop().create_task(job.action())
            try:
                value = await self._running
            except asyncio.CancelledError:
                job.state = "cancelled"
                job.result.cancel()
                self.log.append(("cancelled", job.name))
            except Exception as exc:
                job.state = "failed"
                job.result.set_exception(exc)
                self.log.append(("failed", job.name))
            else:
                job.state = "done"
                job.result.set_result(value)
                self.log.append(("done", job.name))
            finally:
                self._running = None
                self._current = None

    async def stop(self):
        """Stop serving: interrupt the running job, leave queued ones unstarted."""
        if self._task is None:
            return
        self._task.cancel()
        try:
            await self._task
        except asyncio.CancelledError:
            pass
        self._task = None
