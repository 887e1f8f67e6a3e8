"""Dead-letter spool: batches that could not be uploaded are kept for the next run to replay."""

import threading


class Spool:
    def __init__(self):
        self._entries = []
        self._lock = threading.Lock()

    def keep(self, batch, reason):
        with self._lock:
            self._entries.append({"events": list(batch), "reason": str(reason)})

    def entries(self):
        with self._lock:
            return [dict(e) for e in self._entries]

    def event_count(self):
        with self._lock:
            return sum(len(e["events"]) for e in self._entries)

    def replay(self, upload):
        """Upload spooled batches again; the ones that fail stay spooled."""
        with self._lock:
            entries, self._entries = self._entries, []
        for entry in entries:
            try:
                upload(entry["events"])
            except Exception as exc:  # an upload failure of any kind keeps the batch
                self.keep(entry["events"], exc)


class WarehouseSink:
    def __init__(self, fail_first=0):
        self.rows = []
        self._fail_first = fail_first
        self._lock = threading.Lock()

    def write(self, batch):
        with self._lock:
            if self._fail_first:
                self._fail_first -= 1
                raise ConnectionError("warehouse unavailable")
            self.rows.extend(batch)
            return len(batch)
