"""Uploader: parts go out through a limited number of connection slots (the storage endpoint allows
few connections per client); transient errors are retried a few times."""

import threading

from multipart import split
from storage import Rejected, Transient


class UploadFailed(Exception):
    pass


class Uploader:
    def __init__(self, storage, slots=2, retries=3, part_size=4):
        self._storage = storage
        self._slots = threading.BoundedSemaphore(slots)
        self._retries = retries
        self._part_size = part_size
        self.retried = []

    def _send_part(self, key, number, chunk):
        for attempt in range(1, self._retries + 1):
            self._slots.acquire()
            try:
                etag = self._storage.put_part(key, number, chunk)
            except Transient:
                self.retried.append((key, number, attempt))
                continue
            except Rejected as exc:
                self._slots.release()
                raise UploadFailed(f"{key} part {number}: {exc}") from exc
            self._slots.release()
            return etag
        raise UploadFailed(f"{key} part {number}: still failing after {self._retries} attempts")

    def upload(self, key, data):
        etags = {number: self._send_part(key, number, chunk) for number, chunk in split(data, self._part_size)}
        return self._storage.complete(key, etags)

    def upload_many(self, items):
        return {key: self.upload(key, data) for key, data in items}
