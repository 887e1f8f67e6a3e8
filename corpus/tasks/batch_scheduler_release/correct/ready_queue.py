"""Jobs ready to run: highest priority first, first-come first-served among equals."""

import heapq
import itertools


class ReadyQueue:
    def __init__(self):
        self._heap = []
        self._counter = itertools.count()

    def push(self, spec):
        heapq.heappush(self._heap, (-spec.priority, next(self._counter), spec.name))

    def pop(self):
        return heapq.heappop(self._heap)[2]

    def names(self):
        return [name for _, _, name in sorted(self._heap)]

    def __len__(self):
        return len(self._heap)
