"""Declared settings: name, type and default (MISSING for the required ones)."""

from dataclasses import dataclass

from sentinels import MISSING


@dataclass
class Setting:
    name: str
    kind: type
    default: object = MISSING
    help: str = ""

    def parse(self, raw):
        if self.kind is bool and isinstance(raw, str):
            return raw.strip().lower() in ("1", "true", "yes", "on")
        if isinstance(raw, self.kind):
            return raw
        return self.kind(raw)


SCHEMA = [
    Setting("database_url", str, help="where the data lives"),
    Setting("secret_key", str, help="signs session cookies"),
    Setting("workers", int, 4),
    Setting("debug", bool, False),
    Setting("allowed_hosts", list, ["localhost"]),
    Setting("log_file", str, None),
]
