import itertools
from dataclasses import dataclass, field

BASE_HEADERS = {"content-type": "application/json", "schema": 1}
_ids = itertools.count(1)


@dataclass
class Message:
    topic: str
    body: dict
    id: int = field(default_factory=lambda: next(_ids))
    headers: dict = field(default_factory=lambda: dict(BASE_HEADERS))
    attempts: int = 0

    def header(self, name, default=None):
        return self.headers.get(name, default)


def reset_ids():
    global _ids
    _ids = itertools.count(1)
