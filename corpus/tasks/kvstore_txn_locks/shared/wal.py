"""Write-ahead log: every committed transaction is appended before the store changes."""

import json
from dataclasses import dataclass, field


class CorruptLog(Exception):
    pass


@dataclass(frozen=True)
class LogRecord:
    version: int
    txn: int
    writes: dict = field(default_factory=dict)  # key -> value, None meaning "deleted"

    def encode(self):
        return json.dumps({"v": self.version, "t": self.txn, "w": self.writes}, sort_keys=True)

    @classmethod
    def decode(cls, line, number):
        try:
            raw = json.loads(line)
            return cls(int(raw["v"]), int(raw["t"]), dict(raw["w"]))
        except (ValueError, KeyError, TypeError) as exc:
            raise CorruptLog(f"log line {number}: {exc}") from None


class WriteAheadLog:
    def __init__(self, lines=None):
        self._lines = list(lines or [])
        self.checkpoint_version = 0

    def append(self, record):
        if self._lines and record.version <= self.last_version():
            raise CorruptLog(f"version {record.version} is not after {self.last_version()}")
        self._lines.append(record.encode())

    def records(self):
        for number, line in enumerate(self._lines, start=1):
            yield LogRecord.decode(line, number)

    def last_version(self):
        last = 0
        for record in self.records():
            last = record.version
        return max(last, self.checkpoint_version)

    def truncate(self, upto_version):
        """Drop records already captured by a checkpoint at ``upto_version``."""
        self._lines = [line for line in self._lines if json.loads(line)["v"] > upto_version]
        self.checkpoint_version = max(self.checkpoint_version, upto_version)

    def lines(self):
        return list(self._lines)

    def __len__(self):
        return len(self._lines)
