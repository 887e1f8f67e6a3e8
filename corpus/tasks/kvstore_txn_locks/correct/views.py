"""What a transaction sees: its own pending writes on top of the committed store."""

_DELETED = object()


class ReadView:
    def __init__(self, txn, store, locks):
        self.txn = txn
        self.store = store
        self.locks = locks
        self.reads = 0

    def get(self, key, default=None):
        pending = self.txn.pending.get(key, _DELETED)
        if pending is not _DELETED:
            return default if pending is None else pending
        # Locks are owned by transaction id, the same owner the write path and release_all use.
        self.locks.acquire_read(key, self.txn.id)
        self.reads += 1
        return self.store.get(key, default)

    def scan(self, prefix):
        keys = set(self.store.keys(prefix)) | {k for k in self.txn.pending if k.startswith(prefix)}
        result = {}
        for key in sorted(keys):
            value = self.get(key)
            if value is not None:
                result[key] = value
        return result
