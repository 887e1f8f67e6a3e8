"""The outbox: payloads wait here, ordered by priority, until the sender drains them."""

import heapq
import json


class Outbox:
    def __init__(self):
        self._heap = []
        self._count = 0

    def put(self, payload):
        self._count += 1
        heapq.heappush(self._heap, (-payload["meta"]["priority"], self._count, payload))

    def put_all(self, payloads):
        for payload in payloads:
            self.put(payload)

    def __len__(self):
        return len(self._heap)

    def drain(self):
        """Serialized payloads, highest priority first, oldest first within a priority."""
        out = []
        while self._heap:
            _, _, payload = heapq.heappop(self._heap)
            out.append(json.dumps(payload, sort_keys=True))
        return out


def recipients(serialized):
    return [json.loads(line)["recipient"]["email"] for line in serialized]
