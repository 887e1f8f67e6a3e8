"""Reading corpus/splits.json ({"version": 1, "assignments": {task: split}}) for import_corpus.

Read directly rather than through corpus.splits so the import works whichever corpus version is
checked out; a missing file means no task has a split yet.
"""

from __future__ import annotations

import json
from pathlib import Path

from webapp.catalog.models import Split

VALID_SPLITS = tuple(value for value in Split.values if value)


class SplitsFileError(ValueError):
    """The splits file exists but cannot be used; the message names the file and what to fix."""


def load_split_assignments(path: Path) -> dict[str, str]:
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SplitsFileError(f"{path}: not valid JSON ({exc})") from None
    assignments = data.get("assignments") if isinstance(data, dict) else None
    if not isinstance(assignments, dict):
        raise SplitsFileError(f"{path}: expected an object with \"assignments\": {{task name: split}}")
    bad = {name: split for name, split in assignments.items() if split not in VALID_SPLITS}
    if bad:
        name, split = next(iter(bad.items()))
        raise SplitsFileError(f"{path}: assignments[{name!r}] is {split!r}; expected one of "
                              f"{', '.join(VALID_SPLITS)}")
    return dict(assignments)
