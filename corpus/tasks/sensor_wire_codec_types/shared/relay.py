"""The relay between gateways and monitoring: encode, store as JSON lines, decode, check."""

from alerts import alerts_for
from decode import decode_record
from encode import encode_record


class Relay:
    def __init__(self):
        self.lines = []

    def publish(self, reading):
        self.lines.append(encode_record(reading))

    def readings(self):
        return [decode_record(line) for line in self.lines]

    def check(self, now):
        return alerts_for(self.readings(), now)
