"""Export worker pool: each worker thread opens its own database connection on first use (a
connection must not be shared between threads) and keeps it for later jobs."""

import queue
import threading

_STOP = object()


class ExportPool:
    def __init__(self, server, workers=2):
        self._server = server
        self._local = threading.local()
        self._jobs = queue.Queue()
        self._results = {}
        self._lock = threading.Lock()
        # Every worker's connection, so shutdown (in the caller's thread) can close them all:
        # a threading.local only shows the calling thread its own attributes.
        self._connections = []
        self._threads = [threading.Thread(target=self._run, name=f"export-{i}", daemon=True)
                         for i in range(workers)]
        for thread in self._threads:
            thread.start()

    def connection(self):
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._server.connect()
            with self._lock:
                self._connections.append(conn)
        return conn

    def submit(self, job_id, fn, *args):
        self._jobs.put((job_id, fn, args))

    def _run(self):
        while True:
            item = self._jobs.get()
            if item is _STOP:
                return
            job_id, fn, args = item
            try:
                result = fn(self.connection(), *args)
            except Exception as exc:  # a failed job is reported, the worker goes on
                result = exc
            with self._lock:
                self._results[job_id] = result

    def shutdown(self):
        for _ in self._threads:
            self._jobs.put(_STOP)
        for thread in self._threads:
            thread.join()
        with self._lock:
            connections, self._connections = self._connections, []
        for conn in connections:
            conn.close()
        with self._lock:
            return dict(self._results)
