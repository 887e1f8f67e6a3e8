"""A pool of indexing threads; each buffers documents and commits them to the index in batches."""

import queue
import threading

_STOP = object()


class IndexerPool:
    def __init__(self, index, workers=3, batch_size=4):
        self.index = index
        self.workers = workers
        self.batch_size = batch_size
        self._queue = queue.Queue()
        self._threads = ()
        self.exited = []

    def _run(self, number):
        buffer = []
        while True:
            item = self._queue.get()
            if item is _STOP:
                break
            buffer.append(item)
            if len(buffer) >= self.batch_size:
                self.index.commit(buffer)
                buffer = []
        if buffer:
            self.index.commit(buffer)
        self.exited.append(number)

    def start(self):
        self._threads = (threading.Thread(target=self._run, args=(n,), daemon=True) for n in range(self.workers))
        for thread in self._threads:
            thread.start()
        return self

    def submit(self, doc_id, text):
        self._queue.put((doc_id, text))

    def stop(self, timeout=1.0):
        """Let the workers finish what is queued, commit their partial batches, and exit."""
        for _ in self._threads:
            self._queue.put(_STOP)
        for thread in self._threads:
            thread.join(timeout)
        return sorted(self.exited)
