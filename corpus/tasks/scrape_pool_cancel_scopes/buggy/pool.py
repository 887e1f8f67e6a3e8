"""A pool of scrape workers sharing one sample store; stop() cancels the pool's root scope."""

import threading

from scopes import CancelScope
from scraper import ScrapeWorker


class SampleStore:
    def __init__(self):
        self._lock = threading.Lock()
        self.latest = {}
        self.stopped = {}
        self.first_round = threading.Event()

    def put(self, target, series, value):
        with self._lock:
            self.latest[(target, *series)] = value
        self.first_round.set()

    def note_stopped(self, worker, rounds):
        with self._lock:
            self.stopped[worker] = rounds


class ScrapePool:
    def __init__(self, targets, workers=2, interval=0.005):
        self.store = SampleStore()
        self._root = CancelScope("pool")
        self._threads = []
        self._workers = []
        self._interval = interval
        self._shards = [targets[i::workers] for i in range(workers)]

    def start(self):
        for i, shard in enumerate(self._shards):
            name = f"scraper-{i}"
            token = self._root.child(name).token()
            worker = ScrapeWorker(name, shard, self.store, token, self._interval)
            thread = threading.Thread(target=worker.run, name=name, daemon=True)
            self._workers.append(worker)
            self._threads.append(thread)
            thread.start()

    def stop(self, reason="shutdown"):
        self._root.cancel(reason)
        for thread in self._threads:
            thread.join()
        return dict(self.store.stopped)
