"""A tiny worker pool: each job runs on its own daemon thread named after the pool's role."""

import threading


class WorkerPool:
    def __init__(self, role="worker"):
        self.role = role
        self._threads = []
        self.errors = []

    def submit(self, fn, *args):
        def run():
            try:
                fn(*args)
            except Exception as exc:  # recorded for the caller, the thread must not die noisily
                self.errors.append(exc)

        thread = threading.Thread(target=run, name=self.role, daemon=True)
        self._threads.append(thread)
        thread.start()
        return thread

    def join(self, timeout=2.0):
        for thread in self._threads:
            thread.join(timeout)
        return all(not t.is_alive() for t in self._threads)
