"""Any task's split, whatever its origin, each read from the one registry that origin keeps:

- hand-written tasks (``corpus/tasks/<name>/``): ``corpus/splits.json`` (``corpus.splits``);
- real bugs (``corpus/real/<bug>/``): ``corpus/real/splits.json``, ``{bug: split}`` (``python -m corpus real-stats``);
- generated tasks (``corpus/generated/<task>/``): their own ``meta.json`` ``split`` (shared by the tasks of
  one ``split_group``, ``corpus.generated_corpus``).

Every question by split (the heldout guards of training, trajectory headers, export, selection) asks a
``TaskSplits``, so a heldout real or generated task is as invisible to training as a hand-written one.
One name costs one small file read per registry (no task is loaded, however many are generated); the
generated index that listing by split needs is built once per process and rebuilt only when the folder
changes. A name no registry knows has no split (None); a name two registries place differently takes the
strictest (heldout, then validation), so a clash can never let a heldout task into training.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from corpus.format import TASKS_DIR
from corpus.repository.corpus_root import GENERATED_TASKS_DIR, REAL_TASKS_DIR
from corpus.splits import SPLITS, SPLITS_FILE, SplitsError, load_splits

ORIGINS = ("hand-written", "real", "generated")  # corpus.origins.ORIGINS, in the order names are looked up
REAL_SPLITS_NAME = "splits.json"
STRICTNESS = {split: rank for rank, split in enumerate(SPLITS)}  # heldout is the strictest


@dataclass(frozen=True)
class TaskPlace:
    """Where a task of the corpus lives and what split its registry gives it (None: none yet)."""

    name: str
    origin: str
    folder: Path
    split: str | None


def _stat_key(path: Path) -> tuple[int, int, int] | None:
    """What tells a changed file: its time, size and inode (an atomic rewrite, as write_splits does, is a
    new inode even within one clock tick)."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size, stat.st_ino


# (kind, path) -> (stat key, parsed value): a registry file is parsed again only after it changed.
_FILES: dict[tuple[str, Path], tuple[tuple[int, int, int] | None, Any]] = {}
_V = TypeVar("_V")


def _cached(kind: str, path: Path, read: Callable[[Path], _V]) -> _V:
    key = _stat_key(path)
    hit = _FILES.get((kind, path))
    if hit is not None and hit[0] == key and key is not None:
        return hit[1]
    value = read(path)
    _FILES[(kind, path)] = (key, value)
    return value


def _read_real_splits(path: Path) -> dict[str, str]:
    if not path.is_file():
        return {}  # no real corpus here: no real bug has a split
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SplitsError(f"{path}: not readable JSON ({exc}); restore it from git or rerun "
                          "'python -m corpus real-stats'") from None
    if not isinstance(doc, dict) or any(split not in SPLITS for split in doc.values()):
        raise SplitsError(f"{path}: expected {{bug: split}} with splits among {', '.join(SPLITS)}")
    return dict(doc)


def read_splits_file_of_any_origin(path: str | Path) -> dict[str, str]:
    """Task -> split from either kind of splits file: corpus/splits.json's ``{"version", "assignments"}`` or
    the real corpus's ``{bug: split}``; SplitsError naming the file when it is neither."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        doc = None
    if isinstance(doc, dict) and "assignments" in doc:
        return load_splits(path)
    return _read_real_splits(path) if path.is_file() else load_splits(path)  # load_splits names what is missing


def split_in_meta(meta: object) -> str | None:
    """A generated task's own split (its meta.json ``split``); None when it carries none or not a split (the
    corpus check reports those; training refuses a task without a split)."""
    split = meta.get("split") if isinstance(meta, dict) and "generator" in meta else None
    return split if split in SPLITS else None


def strictest(splits: Iterable[str | None]) -> str | None:
    """The strictest of these splits (heldout, then validation, then train); None when none is given."""
    known = [s for s in splits if s is not None]
    return max(known, key=STRICTNESS.__getitem__) if known else None


def _read_generated_split(meta: Path) -> str | None:
    try:
        doc = json.loads(meta.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return split_in_meta(doc)


def _generated_names(root: Path) -> list[str]:
    try:
        entries = sorted(entry.name for entry in os.scandir(root) if entry.is_dir() and _plain_name(entry.name))
    except OSError:
        return []
    return [name for name in entries if (root / name / "meta.json").is_file()]


def _plain_name(name: str) -> bool:
    """A task name is one folder name: never a path, never a hidden or bookkeeping folder (_runs, _repos)."""
    return bool(name) and "/" not in name and "\\" not in name and "\x00" not in name and not name.startswith((".", "_"))


class TaskSplits:
    """The three registries over given roots (the committed corpus by default)."""

    def __init__(self, *, tasks_dir: str | Path = TASKS_DIR, splits_file: str | Path = SPLITS_FILE,
                 real_dir: str | Path = REAL_TASKS_DIR, generated_dir: str | Path = GENERATED_TASKS_DIR):
        self.tasks_dir, self.splits_file = Path(tasks_dir), Path(splits_file)
        self.real_dir, self.generated_dir = Path(real_dir), Path(generated_dir)

    # -- the registries --------------------------------------------------------------------------
    def hand_written(self) -> dict[str, str]:
        """corpus/splits.json; SplitsError when it is missing or malformed."""
        return dict(self._hand())

    def real(self) -> dict[str, str]:
        """The real corpus's splits file; empty when there is none; SplitsError when malformed."""
        return dict(self._real())

    def _hand(self) -> dict[str, str]:  # the cached dict itself: never changed by a caller here
        return _cached("hand-written", self.splits_file, load_splits)

    def _real(self) -> dict[str, str]:
        return _cached("real", self.real_dir / REAL_SPLITS_NAME, _read_real_splits)

    def generated_split(self, name: str) -> str | None:
        """One generated task's split, from its meta.json alone."""
        meta = self.generated_dir / name / "meta.json"
        return _cached("generated", meta, _read_generated_split) if _plain_name(name) else None

    def generated(self) -> dict[str, str | None]:
        """Every generated task's split (None: it carries none). The folder is listed again only after it
        changed (a task added or removed); each meta.json is parsed again only after it changed."""
        names = _cached("generated-names", self.generated_dir, _generated_names)
        return {name: self.generated_split(name) for name in names}

    # -- questions -------------------------------------------------------------------------------
    def places(self, name: str) -> list[TaskPlace]:
        """Every registry entry or task folder of this name, in ORIGINS order."""
        if not _plain_name(name):
            return []
        found = []
        hand, real = self._hand(), self._real()
        for origin, root, split, known in (
                ("hand-written", self.tasks_dir, hand.get(name), name in hand),
                ("real", self.real_dir, real.get(name), name in real),
                ("generated", self.generated_dir, self.generated_split(name), False)):
            folder = root / name
            if known or (folder / "meta.json").is_file():
                found.append(TaskPlace(name, origin, folder, split))
        return found

    def place_of(self, name: str) -> TaskPlace | None:
        """The task's folder, origin and split; None when no registry knows the name and no folder holds it.
        A name in two registries: the place with a task folder, with the strictest split of them all."""
        places = self.places(name)
        if not places:
            return None
        split = strictest(p.split for p in places)
        place = next((p for p in places if (p.folder / "meta.json").is_file()), places[0])
        return TaskPlace(name, place.origin, place.folder, split)

    def folder_of(self, name: str) -> Path | None:
        """The task's folder whatever its origin; None when no folder holds it (a name that left the corpus)."""
        place = self.place_of(name)
        return place.folder if place is not None and (place.folder / "meta.json").is_file() else None

    def split_of(self, name: str) -> str | None:
        """The task's split ("train" | "validation" | "heldout"), or None when no registry gives it one."""
        return strictest(p.split for p in self.places(name))

    def in_split(self, split: str, origins: Iterable[str] = ORIGINS) -> list[str]:
        """The names of ``split`` among ``origins``, sorted (those whose folder left the corpus included, as
        corpus.splits.tasks_in_split lists them)."""
        if split not in SPLITS:
            raise ValueError(f"unknown split {split!r}; expected one of {', '.join(SPLITS)}")
        origins = tuple(origins)
        unknown = [o for o in origins if o not in ORIGINS]
        if unknown:
            raise ValueError(f"unknown origin {unknown[0]!r}; expected one of {', '.join(ORIGINS)}")
        hand, real = self._hand(), self._real()
        generated = self.generated() if "generated" in origins else {}  # the folder is listed only when asked
        registries = {"hand-written": hand, "real": real, "generated": generated}
        names = {name for origin in origins for name, assigned in registries[origin].items() if assigned == split}

        def own_generated(name: str) -> str | None:
            return generated[name] if name in generated else self.generated_split(name)

        # a clash across registries: only the strictest split lists the name
        return sorted(name for name in names if strictest((hand.get(name), real.get(name), own_generated(name))) == split)

    def heldout(self) -> frozenset[str]:
        """Every heldout name of every origin."""
        return frozenset(self.in_split("heldout"))



_DEFAULT = TaskSplits()


def task_splits() -> TaskSplits:
    """The committed corpus's registries (one per process; each file is re-read only after it changed)."""
    return _DEFAULT
