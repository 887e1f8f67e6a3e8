"""The print spooler: one worker per printer takes jobs from a shared priority queue."""

import asyncio
import itertools

import jobs

STOP_TITLE = "<stop>"


class SpoolerClosed(RuntimeError):
    pass


class Spooler:
    def __init__(self, printers, lines_per_page=60):
        self.printers = list(printers)
        self.lines_per_page = lines_per_page
        self._queue = asyncio.PriorityQueue()
        self._sequence = itertools.count()
        self._workers = []
        self._closing = False
        self._stop_marker = None
        self.submitted = 0
        self.failed = []

    def start(self):
        for printer in self.printers:
            self._workers.append(asyncio.get_running_loop().create_task(self._work(printer)))
        return self

    def _enqueue(self, document, priority):
        job = jobs.prepare(document, priority, next(self._sequence), self.lines_per_page)
        self._queue.put_nowait(job)
        return job

    async def submit(self, document, priority="normal"):
        if self._closing:
            raise SpoolerClosed(f"cannot print {document.title!r}: the spooler is shutting down")
        job = self._enqueue(document, priority)
        self.submitted += 1
        return job

    def pending(self):
        return [job.title for job in sorted(self._queue._queue)]

    async def _work(self, printer):
        while True:
            job = await self._queue.get()
            try:
                if job is self._stop_marker:
                    return
                await printer.print_job(job)
            except Exception as exc:
                self.failed.append((job.title, repr(exc)))
            finally:
                self._queue.task_done()

    async def drain(self):
        await self._queue.join()

    async def close(self):
        """Print everything already queued, then stop the workers."""
        self._closing = True
        # The queue holds PrintJobs, so the marker must be one; the workers know it by identity.
        self._stop_marker = jobs.PrintJob((jobs.PRIORITIES["last"], next(self._sequence)), STOP_TITLE, ())
        for _ in self._workers:
            self._queue.put_nowait(self._stop_marker)
        await asyncio.gather(*self._workers)
        self._workers.clear()

    async def abort(self):
        for worker in self._workers:
            worker.cancel()
        await asyncio.gather(*self._workers, return_exceptions=True)
        self._workers.clear()
