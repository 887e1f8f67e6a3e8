"""The verdict record: what the verifier's pytest plugin hands the host beside pytest's JUnit report.

One JSON object in ``NAME`` in the run's report folder, written once (created exclusively) after every
test ran and just before the process ends itself (``os._exit``: nothing of the code under test runs
after it). The host trusts a run only when the record is there, whole, agrees with the JUnit report and
names no tampering. Stdlib only: the plugin inside the sandbox writes it.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

NAME = "verdict.json"
SCHEMA = "stepwise.verdict/1"
MAX_BYTES = 256 * 1024


@dataclass
class Record:
    collected: int = 0  # test items pytest collected
    finished: int = 0  # of those, the ones whose run ended (setup, call, teardown)
    passed: int = 0
    failed: int = 0
    errors: int = 0  # setup or teardown failed
    skipped: int = 0  # skipped by the task's own marks
    xfailed: int = 0
    xpassed: int = 0
    exitstatus: int | None = None
    tampered: list[str] = field(default_factory=list)  # what the guards saw the code under test do
    schema: str = SCHEMA

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


def write(folder: str, record: Record) -> None:
    """Create ``folder/NAME`` (never over an existing file or through a link) and write ``record``."""
    fd = os.open(os.path.join(folder, NAME), os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as stream:
        stream.write(record.to_json())


def read(folder: Path) -> Record | None:
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
    known = set(Record.__dataclass_fields__)
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
