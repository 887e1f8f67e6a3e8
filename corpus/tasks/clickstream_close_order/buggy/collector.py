"""Click collector: events are validated, batched, and uploaded on a small thread pool."""

import threading
from concurrent.futures import ThreadPoolExecutor

from batching import Batcher

REQUIRED = ("session", "page", "ts")


class Collector:
    def __init__(self, sink, spool, batch_size=5, uploaders=2):
        self._sink = sink
        self._spool = spool
        self._pool = ThreadPoolExecutor(uploaders, thread_name_prefix="upload")
        self._batcher = Batcher(batch_size, self._upload)
        self._futures = []
        self._lock = threading.Lock()
        self.rejected = []

    def track(self, event):
        missing = [field for field in REQUIRED if field not in event]
        if missing:
            self.rejected.append((event, f"missing {', '.join(missing)}"))
            return False
        self._batcher.add(dict(event))
        return True

    def _upload(self, batch):
        try:
            future = self._pool.submit(self._sink.write, batch)
        except RuntimeError as exc:
            self._spool.keep(batch, exc)
            return
        future.add_done_callback(lambda f: f.exception() and self._spool.keep(batch, f.exception()))
        with self._lock:
            self._futures.append(future)

    def close(self):
        self._pool.shutdown(wait=True)
        self._batcher.flush()
        with self._lock:
            uploaded = sum(f.result() for f in self._futures if not f.exception())
        return {"uploaded": uploaded, "spooled": self._spool.event_count(), "rejected": len(self.rejected)}
