"""The movement journal: every stock movement is written here before it is posted to accounting."""

from tracked_lock import TrackedLock


class Journal:
    def __init__(self, monitor=None):
        self.lock = TrackedLock("journal", monitor)
        self.entries = []
        self._posted = 0

    def append(self, kind, sku, qty, source, target):
        entry = {"seq": len(self.entries) + 1, "kind": kind, "sku": sku, "qty": qty,
                 "from": source, "to": target}
        self.entries.append(entry)
        return entry

    def unposted(self):
        return self.entries[self._posted:]

    def mark_posted(self):
        self._posted = len(self.entries)

    def touching(self, bin_names):
        names = set(bin_names)
        return [e for e in self.entries if e["from"] in names or e["to"] in names]
