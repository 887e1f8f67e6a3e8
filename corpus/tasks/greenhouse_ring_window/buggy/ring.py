"""A fixed-size ring buffer: keeps the newest ``capacity`` items, dropping the oldest."""


class RingBuffer:
    def __init__(self, capacity):
        if capacity < 1:
            raise ValueError(f"a ring buffer needs room for at least one item, got {capacity}")
        self.capacity = capacity
        self._slots = [None] * capacity
        self._head = 0
        self._tail = 0

    def push(self, item):
        self._slots[self._head] = item
        self._head = (self._head + 1) % self.capacity
        if self._head == self._tail:
            self._tail = (self._tail + 1) % self.capacity

    def __len__(self):
        return (self._head - self._tail) % self.capacity

    def __iter__(self):
        index = self._tail
        while index != self._head:
            yield self._slots[index]
            index = (index + 1) % self.capacity

    def full(self):
        return len(self) == self.capacity

    def newest(self):
        if not len(self):
            raise IndexError("the buffer is empty")
        return self._slots[(self._head - 1) % self.capacity]
