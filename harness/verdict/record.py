"""The verdict record: what the verifier's pytest plugin hands the host beside pytest's JUnit report.

One JSON object in ``NAME`` in the run's report folder, written once (created exclusively) after every
test ran and just before the process ends itself (``os._exit``: nothing of the code under test runs
after it). The host trusts a run only when the record is there, whole, agrees with the JUnit report and
names no tampering. Stdlib only: the plugin inside the sandbox writes it.
"""

import json
import os
from pathlib import Path

NAME = "verdict.json"
SCHEMA = "stepwise.verdict/1"
MAX_BYTES = 256 * 1024
# The record's fields and their defaults (a plain class: ``dataclasses`` is not on Python 3.6, and the
# plugin that writes the record runs in a repository task's own interpreter).
FIELDS = (("collected", 0),  # test items pytest collected
          ("finished", 0),  # of those, the ones whose run ended (setup, call, teardown)
          ("passed", 0), ("failed", 0),
          ("errors", 0),  # setup or teardown failed
          ("skipped", 0),  # skipped by the task's own marks
          ("xfailed", 0), ("xpassed", 0), ("exitstatus", None),
          ("tampered", None),  # what the guards saw the code under test do (a list)
          ("schema", SCHEMA))


class Record:
    def __init__(self, **values: object):
        unknown = set(values) - {name for name, _ in FIELDS}
        if unknown:
            raise TypeError(f"unknown verdict record fields: {sorted(unknown)}")
        self.collected = self.finished = self.passed = self.failed = self.errors = 0
        self.skipped = self.xfailed = self.xpassed = 0
        self.exitstatus: int | None = None
        self.tampered: list[str] = []
        self.schema = SCHEMA
        for name, value in values.items():
            setattr(self, name, value)

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name, _ in FIELDS}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"Record({self.to_dict()!r})"


def write(folder: str, record: Record) -> None:
    """Create ``folder/NAME`` (never over an existing file or through a link) and write ``record``."""
    fd = os.open(os.path.join(folder, NAME), os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as stream:
        stream.write(record.to_json())


def read(folder: Path) -> "Record | None":
    """The record in ``folder`` (a plain file, whole, of this schema), else None."""
    path = folder / NAME
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_BYTES:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        return None
    known = {name for name, _ in FIELDS}
    if set(data) != known:
        return None
    numbers = [k for k in known if k not in ("tampered", "schema", "exitstatus")]
    if not all(type(data[k]) is int and data[k] >= 0 for k in numbers):
        return None
    if not (data["exitstatus"] is None or type(data["exitstatus"]) is int):
        return None
    if not (isinstance(data["tampered"], list) and all(isinstance(t, str) for t in data["tampered"])):
        return None
    return Record(**data)
