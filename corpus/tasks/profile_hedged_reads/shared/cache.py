"""The profile cache in front of the replicas: last write wins, bounded in size."""

from collections import OrderedDict


class ProfileCache:
    def __init__(self, capacity=1000):
        self.capacity = capacity
        self._data = OrderedDict()
        self.overwrites = 0

    def get(self, key):
        value = self._data.get(key)
        if value is not None:
            self._data.move_to_end(key)
        return value

    def put(self, key, value):
        previous = self._data.get(key)
        if previous is not None and previous != value:
            self.overwrites += 1
        self._data[key] = value
        self._data.move_to_end(key)
        while len(self._data) > self.capacity:
            self._data.popitem(last=False)

    def __len__(self):
        return len(self._data)
