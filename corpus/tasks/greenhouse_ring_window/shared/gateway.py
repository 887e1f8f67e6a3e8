"""The greenhouse gateway: the last readings of every sensor, each in its own ring buffer."""

from dataclasses import dataclass

from ring import RingBuffer


@dataclass(frozen=True)
class Reading:
    minute: int
    value: float


class Gateway:
    def __init__(self, window=6):
        self.window = window
        self._buffers = {}
        self.received = 0

    def receive(self, sensor, minute, value):
        buffer = self._buffers.setdefault(sensor, RingBuffer(self.window))
        if len(buffer) and minute <= buffer.newest().minute:
            raise ValueError(f"{sensor}: reading for minute {minute} arrived after minute {buffer.newest().minute}")
        buffer.push(Reading(minute, value))
        self.received += 1

    def window_of(self, sensor):
        return list(self._buffers.get(sensor, ()))

    def complete(self, sensor):
        return sensor in self._buffers and self._buffers[sensor].full()

    def sensors(self):
        return sorted(self._buffers)
