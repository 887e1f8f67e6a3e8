"""Migrations register themselves under a numeric id ("1", "2", ...)."""

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Migration:
    id: str
    description: str
    apply: Callable


class MigrationRegistry:
    def __init__(self):
        self._migrations = {}

    def migration(self, id, description):
        if not id.isdigit():
            raise ValueError(f"migration id must be a number, got {id!r}")

        def register(fn):
            if id in self._migrations:
                raise ValueError(f"migration {id} registered twice")
            self._migrations[id] = Migration(id, description, fn)
            return fn
        return register

    def get(self, id):
        return self._migrations[id]

    def ids(self):
        return list(self._migrations)
