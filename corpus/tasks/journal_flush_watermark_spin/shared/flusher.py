"""Flush pool: worker threads write journal batches to storage and advance the watermark."""

import queue
import threading

_STOP = object()


class FlushPool:
    def __init__(self, storage, watermark, workers=3, on_flushed=None):
        self._storage = storage
        self._watermark = watermark
        self._on_flushed = on_flushed
        self._batches = queue.Queue()
        self._threads = [threading.Thread(target=self._run, name=f"flush-{i}", daemon=True)
                         for i in range(workers)]
        for thread in self._threads:
            thread.start()

    def submit(self, batch):
        self._batches.put(batch)

    def _run(self):
        while True:
            batch = self._batches.get()
            if batch is _STOP:
                return
            start, end = batch[0][0], batch[-1][0] + 1
            self._storage.write(start, batch)
            self._watermark.complete(start, end)
            if self._on_flushed is not None:
                self._on_flushed(start, end)

    def close(self):
        for _ in self._threads:
            self._batches.put(_STOP)
        for thread in self._threads:
            thread.join()
