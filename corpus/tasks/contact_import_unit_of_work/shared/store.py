"""The CRM's record store: every record carries a version; writes name the version they expect."""

import asyncio


class Conflict(Exception):
    pass


class RecordStore:
    def __init__(self):
        self._records = {}
        self.audit = []

    def get(self, key):
        record = self._records.get(key)
        return None if record is None else dict(record[1])

    def version(self, key):
        return self._records.get(key, (0, None))[0]

    async def apply(self, writes):
        """Apply [(key, expected_version, value)] all at once, or none if any version moved on."""
        await asyncio.sleep(0)  # a round trip to the database
        stale = [key for key, expected, _ in writes if self.version(key) != expected]
        if stale:
            raise Conflict(f"changed by someone else meanwhile: {', '.join(sorted(stale))}")
        for key, expected, value in writes:
            self._records[key] = (expected + 1, dict(value))
        return len(writes)

    def keys(self):
        return sorted(self._records)
