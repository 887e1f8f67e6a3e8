"""Log shards: each host keeps its own records, in the order its (possibly skewed) clock wrote them."""

from dataclasses import dataclass

LEVELS = ("DEBUG", "INFO", "WARN", "ERROR")


@dataclass(frozen=True)
class Record:
    ts_ms: int
    host: str
    level: str
    message: str


class LogShard:
    def __init__(self, host):
        self.host = host
        self._records = []
        self.scans = 0

    def write(self, ts_ms, level, message):
        if level not in LEVELS:
            raise ValueError(f"{self.host}: unknown level {level!r}; use one of {', '.join(LEVELS)}")
        if self._records and ts_ms < self._records[-1].ts_ms:
            raise ValueError(f"{self.host}: records must be written in time order ({ts_ms} after {self._records[-1].ts_ms})")
        self._records.append(Record(ts_ms, self.host, level, message))

    def scan(self):
        self.scans += 1
        yield from self._records


@dataclass(frozen=True)
class Query:
    min_level: str = "DEBUG"
    text: str = ""

    def matches(self, record):
        return (LEVELS.index(record.level) >= LEVELS.index(self.min_level)
                and self.text.lower() in record.message.lower())
