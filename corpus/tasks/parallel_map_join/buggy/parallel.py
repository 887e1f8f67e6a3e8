"""Runs a function over many items on a few daemon threads and returns results in input order."""

import queue
import threading


class WorkerError(Exception):
    def __init__(self, index, error):
        super().__init__(f"item {index} failed: {error!r}")
        self.index, self.error = index, error


class ParallelMap:
    def __init__(self, fn, workers=2, buffer=None):
        self.fn = fn
        self.workers = workers
        # Results wait here for the caller; bounded so fast workers cannot flood memory.
        self.buffer = buffer if buffer is not None else workers

    def _work(self, jobs, results):
        while True:
            try:
                index, item = jobs.get_nowait()
            except queue.Empty:
                return
            try:
                results.put((index, self.fn(item), None))
            except Exception as exc:
                results.put((index, None, exc))

    def run(self, items):
        items = list(items)
        jobs = queue.Queue()
        for pair in enumerate(items):
            jobs.put(pair)
        results = queue.Queue(maxsize=self.buffer)
        threads = [threading.Thread(target=self._work, args=(jobs, results), daemon=True)
                   for _ in range(min(self.workers, len(items)))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        ordered = [None] * len(items)
        for _ in range(len(items)):
            index, value, error = results.get()
            if error is not None:
                raise WorkerError(index, error)
            ordered[index] = value
        return ordered
