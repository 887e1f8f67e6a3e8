"""The versioned key/value store the transactions commit into."""


class Store:
    def __init__(self):
        self._data = {}
        self.version = 0

    def get(self, key, default=None):
        return self._data.get(key, default)

    def keys(self, prefix=""):
        return sorted(key for key in self._data if key.startswith(prefix))

    def apply(self, writes, version):
        if version <= self.version:
            raise ValueError(f"store is at version {self.version}; cannot apply {version}")
        for key, value in writes.items():
            if value is None:
                self._data.pop(key, None)
            else:
                self._data[key] = value
        self.version = version

    def checkpoint(self):
        """A copy of the data and the version it reflects."""
        return dict(self._data), self.version

    @classmethod
    def from_checkpoint(cls, data, version):
        store = cls()
        store._data = dict(data)
        store.version = version
        return store

    def __len__(self):
        return len(self._data)
