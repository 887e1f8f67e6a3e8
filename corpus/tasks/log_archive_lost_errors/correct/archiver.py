"""Nightly log archiving: files are compressed on a thread pool and listed in a manifest."""

import threading
from concurrent.futures import ThreadPoolExecutor

from codec import compress
from manifest import build_manifest


class Archiver:
    def __init__(self, workers=3):
        self._workers = workers
        self._lock = threading.Lock()
        self.entries = []
        self.errors = []

    def _store(self, name, data):
        entry = compress(name, data)
        with self._lock:
            self.entries.append(entry)

    def run(self, files):
        """files: {name: bytes}. Returns the manifest."""
        failed = []
        with ThreadPoolExecutor(self._workers, thread_name_prefix="archive") as pool:
            futures = {pool.submit(self._store, name, data): name for name, data in sorted(files.items())}
        # A job's exception stays inside its future until someone asks for it.
        for future, name in futures.items():
            error = future.exception()
            if error is not None:
                failed.append(name)
                self.errors.append(str(error))
        return build_manifest(self.entries, failed)
