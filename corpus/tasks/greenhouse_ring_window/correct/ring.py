"""A fixed-size ring buffer: keeps the newest ``capacity`` items, dropping the oldest."""


class RingBuffer:
    def __init__(self, capacity):
        if capacity < 1:
            raise ValueError(f"a ring buffer needs room for at least one item, got {capacity}")
        self.capacity = capacity
        self._slots = [None] * capacity
        self._head = 0
        self._count = 0

    def push(self, item):
        self._slots[self._head] = item
        self._head = (self._head + 1) % self.capacity
        if self._count < self.capacity:
            self._count += 1

    def __len__(self):
        return self._count

    def __iter__(self):
        start = (self._head - self._count) % self.capacity
        for offset in range(self._count):
            yield self._slots[(start + offset) % self.capacity]

    def full(self):
        return len(self) == self.capacity

    def newest(self):
        if not len(self):
            raise IndexError("the buffer is empty")
        return self._slots[(self._head - 1) % self.capacity]
