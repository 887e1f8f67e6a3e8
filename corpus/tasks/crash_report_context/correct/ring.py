"""A fixed-size ring buffer that keeps the most recent items."""


class Ring:
    def __init__(self, capacity):
        if capacity < 1:
            raise ValueError(f"ring capacity must be at least 1, got {capacity}")
        self.capacity = capacity
        self.buf = [None] * capacity
        self.head = 0  # the next slot to write
        self.size = 0

    def push(self, item):
        self.buf[self.head] = item
        self.head = (self.head + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def items(self):
        """Oldest first."""
        start = (self.head - self.size) % self.capacity
        return [self.buf[(start + i) % self.capacity] for i in range(self.size)]

    def tail(self, n):
        """The `n` most recent items, oldest first."""
        if n < 0:
            raise ValueError(f"cannot take {n} items")
        if n == 0:
            return []
        return self.items()[-n:]
