"""Sticky train / validation / heldout splits, kept in the committed file ``corpus/splits.json``.

A new task is placed by a stable hash of its name (sha256, the same on every machine and Python run),
cut by how far each split is below its target share, so the corpus stays near 57 / 21 / 22 % even while
it is small; a task already in the file never moves, so a heldout task stays heldout however the corpus
grows.
Tasks that left the corpus stay in the file (and are reported) so their names keep being guarded.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

SPLITS_FILE = Path(__file__).resolve().parent / "splits.json"
SPLITS = ("train", "validation", "heldout")
TARGETS = {"train": 0.57, "validation": 0.21, "heldout": 0.22}
VERSION = 1


class SplitsError(ValueError):
    """The splits file is missing or malformed; the message names the file and the entry."""


def hash_point(name: str, salt: str = "") -> float:
    """A point in [0, 1) from sha256 of the name: the same everywhere, unlike hash()."""
    return int(hashlib.sha256(f"{salt}{name}".encode()).hexdigest()[:16], 16) / 16 ** 16


def hash_split(name: str, weights: dict[str, float] = TARGETS) -> str:
    """The split whose share of [0, 1) (in proportion to ``weights``) holds the name's point."""
    total = sum(weights.values())
    point, edge = hash_point(name, "split:"), 0.0
    for split in SPLITS:
        edge += weights.get(split, 0.0) / total
        if point < edge:
            return split
    return SPLITS[-1]


def read_splits_file(path: str | Path = SPLITS_FILE) -> dict:
    """The whole document ({"version", "targets", "assignments"}), checked."""
    path = Path(path)
    if path.is_dir():
        raise SplitsError(f"{path}: is a folder; give the splits file (corpus/splits.json)")
    if not path.is_file():
        raise SplitsError(f"{path}: no splits file; run 'python -m corpus split' to create it")
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SplitsError(f"{path}: not valid JSON ({exc}); restore it from git") from None
    if not isinstance(doc, dict) or doc.get("version") != VERSION or not isinstance(doc.get("assignments"), dict):
        raise SplitsError(f"{path}: expected {{\"version\": {VERSION}, \"targets\": {{...}}, "
                          "\"assignments\": {task: split}}")
    for name, split in doc["assignments"].items():
        if split not in SPLITS:
            raise SplitsError(f"{path}: assignments[{name!r}] is {split!r}; expected one of {', '.join(SPLITS)}")
    return doc


def load_splits(path: str | Path = SPLITS_FILE) -> dict[str, str]:
    """Task name -> "train" | "validation" | "heldout"."""
    return dict(read_splits_file(path)["assignments"])


def split_of(name: str, path: str | Path = SPLITS_FILE) -> str | None:
    """The split of task ``name``, or None when it has not been assigned yet."""
    return load_splits(path).get(name)


def tasks_in_split(split: str, path: str | Path = SPLITS_FILE) -> list[str]:
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; expected one of {', '.join(SPLITS)}")
    return sorted(name for name, s in load_splits(path).items() if s == split)


@dataclass
class SplitUpdate:
    assignments: dict[str, str]
    added: dict[str, str] = field(default_factory=dict)  # new task -> its split
    missing: list[str] = field(default_factory=list)  # assigned but no longer in the corpus

    def counts(self) -> dict[str, int]:
        return {split: sum(1 for s in self.assignments.values() if s == split) for split in SPLITS}


def assign(task_names: list[str], existing: dict[str, str], targets: dict[str, float] = TARGETS,
           together: Sequence[set[str]] = ()) -> SplitUpdate:
    """Keep every existing assignment; hash in only the names not yet assigned.

    New names go in the order of their hash; each is cut by the splits' current shortfall against the
    targets (by the targets themselves when none falls short), so the shares track the targets. A new
    name in one of the ``together`` groups (tasks sharing a mechanism, ``corpus.mechanisms``) joins the
    split a member of its group already has (heldout first, when they differ).
    """
    present = set(task_names)
    counts = {split: sum(1 for n, s in existing.items() if s == split and n in present) for split in SPLITS}
    added = {}
    for name in sorted(present - set(existing), key=hash_point):
        group = next((g for g in together if name in g), set())
        placed = {existing.get(n) or added.get(n) for n in group} - {None}
        if placed:
            split = next(s for s in reversed(SPLITS) if s in placed)
        else:
            total = sum(counts.values()) + 1
            shortfall = {split: max(0.0, targets[split] * total - counts[split]) for split in SPLITS}
            split = hash_split(name, shortfall if sum(shortfall.values()) > 0 else targets)
        added[name] = split
        counts[split] += 1
    assignments = {**existing, **added}
    missing = sorted(set(existing) - set(task_names))
    return SplitUpdate(dict(sorted(assignments.items())), added, missing)


def write_splits(assignments: dict[str, str], path: str | Path = SPLITS_FILE,
                 targets: dict[str, float] = TARGETS) -> None:
    """Write atomically (a temporary file renamed over the old one)."""
    path = Path(path)
    doc = {"version": VERSION, "targets": targets, "assignments": dict(sorted(assignments.items()))}
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".splits-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=2)
        fh.write("\n")
    os.replace(tmp, path)
