"""The heldout guard: training and data-generation code call it before a task or text goes in.

``check_no_heldout(names=..., texts=...)`` raises ``LeakageError`` (naming the task) when a name is a
heldout task, or when a text holds a run of consecutive source lines from any of a heldout task's
files (buggy, correct, shared or tests), however it was re-indented or re-spaced.

``corpus_leaks(tasks)`` checks the corpus itself: no other task copies heldout code, and no two tasks,
whatever their splits, are near-duplicates (``corpus.similarity``: a renamed copy of a training task
in heldout leaks as surely as a copied one), and no pair judged to share a mechanism
(``corpus.mechanisms``) is split across heldout and the rest.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import FOLDERS, TASKS_DIR, Task, TaskFormatError, load_task
from corpus.mechanisms import MechanismPair
from corpus.similarity import SimilarPair, similar_pairs
from corpus.splits import SPLITS_FILE, load_splits
from corpus.task_splits import TaskSplits, task_splits

WINDOW = 6  # consecutive meaningful lines that count as a copy of heldout code (4 caught shared dataclass boilerplate)
MIN_LINE_CHARS = 10  # shorter lines ("pass", "return x", "status: int") are too common to count


class LeakageError(ValueError):
    """A heldout task, or a piece of one, reached training or data generation."""

    def __init__(self, task: str, detail: str):
        self.task = task
        super().__init__(f"heldout task {task!r} must not enter training or data generation: {detail}")


def _meaningful_lines(text: str) -> list[str]:
    lines = (" ".join(line.split()) for line in text.splitlines())
    return [line for line in lines if len(line) >= MIN_LINE_CHARS and not line.startswith("#")]


def _windows(lines: list[str], size: int) -> Iterable[tuple[int, str]]:
    for i in range(len(lines) - size + 1):
        yield size, hashlib.sha1("\n".join(lines[i:i + size]).encode()).hexdigest()


def _file_size(lines: list[str]) -> int | None:
    """The window used for a heldout file: WINDOW lines, or the whole of a shorter file (2+ lines)."""
    return min(WINDOW, len(lines)) if len(lines) >= 2 else None


@dataclass
class LeakageGuard:
    """Heldout names and fingerprints of their files, built once and reused for many checks."""

    heldout: frozenset[str]
    fingerprints: dict[tuple[int, str], tuple[str, str]]  # (window size, hash) -> (task, file)
    # heldout real bugs and generated tasks (their own registries, corpus.task_splits): guarded by name
    elsewhere: frozenset[str] = frozenset()

    @classmethod
    def from_corpus(cls, root: str | Path = TASKS_DIR, splits_file: str | Path = SPLITS_FILE,
                    registry: TaskSplits | None = None) -> LeakageGuard:
        heldout = frozenset(name for name, split in load_splits(splits_file).items() if split == "heldout")
        elsewhere = frozenset((registry or task_splits()).in_split("heldout", ("real", "generated"))) - heldout
        fingerprints: dict[tuple[int, str], tuple[str, str]] = {}
        for name in sorted(heldout):
            folder = Path(root) / name
            if not folder.is_dir():
                continue  # a task that left the corpus: its name is still guarded
            try:
                task = load_task(folder)
            except TaskFormatError:
                files = {f"{kind}/{p.relative_to(folder / kind)}": p.read_text(encoding="utf-8", errors="replace")
                         for kind in FOLDERS for p in (folder / kind).rglob("*.py")}
            else:
                files = {f"{kind}/{rel}": text for kind in FOLDERS for rel, text in task.files(kind).items()}
            for rel, text in files.items():
                lines = _meaningful_lines(text)
                size = _file_size(lines)
                for key in _windows(lines, size) if size else ():
                    fingerprints.setdefault(key, (name, rel))
        return cls(heldout, fingerprints, elsewhere)

    def check(self, *, names: Iterable[str] = (), texts: Iterable[str] = ()) -> None:
        for name in names:
            if name in self.heldout:
                raise LeakageError(name, "it is assigned to the heldout split in corpus/splits.json")
            if name in self.elsewhere:
                raise LeakageError(name, "it is assigned to the heldout split by its own registry "
                                         "(corpus/real/splits.json, or a generated task's meta.json)")
        sizes = sorted({size for size, _ in self.fingerprints})
        for index, text in enumerate(texts):
            lines = _meaningful_lines(text)
            for size in sizes:
                for key in _windows(lines, size):
                    hit = self.fingerprints.get(key)
                    if hit:
                        task, rel = hit
                        raise LeakageError(task, f"text #{index} copies {size} consecutive lines of its {rel}")


def check_no_heldout(*, names: Iterable[str] = (), texts: Iterable[str] = (), root: str | Path = TASKS_DIR,
                     splits_file: str | Path = SPLITS_FILE) -> None:
    """Raise LeakageError when a name is heldout or a text copies heldout code. Builds the guard each call;
    keep a ``LeakageGuard.from_corpus()`` for many checks."""
    LeakageGuard.from_corpus(root, splits_file).check(names=names, texts=texts)


def heldout_copies(tasks: list[Task], guard: LeakageGuard) -> list[str]:
    """One line per task outside heldout whose files copy heldout code."""
    leaks = []
    for task in tasks:
        if task.name in guard.heldout:
            continue
        texts = [text for kind in FOLDERS for text in task.files(kind).values()]
        try:
            guard.check(texts=texts)
        except LeakageError as exc:
            leaks.append(f"{task.name}: {exc}")
    return leaks


def split_siblings(pairs: list[MechanismPair], splits: dict[str, str]) -> list[str]:
    """One line per ``same``-mechanism pair with one task in heldout and the other in another split."""
    out = []
    for pair in pairs:
        first, second = splits.get(pair.first), splits.get(pair.second)
        if pair.verdict == "same" and first and second and (first == "heldout") != (second == "heldout"):
            out.append(f"{pair.first} ({first}) ~ {pair.second} ({second}) share a mechanism ({pair.mechanism}); "
                       "one of them must move out of the corpus or both into one split")
    return out


@dataclass
class CorpusLeaks:
    copies: list[str]  # tasks outside heldout that copy heldout code
    near_duplicates: list[SimilarPair]  # pairs at or above similarity.THRESHOLD
    most_similar: list[SimilarPair]  # the top pairs, for the report
    split_siblings: list[str] = field(default_factory=list)  # same-mechanism pairs across the heldout line

    @property
    def ok(self) -> bool:
        return not self.copies and not self.near_duplicates and not self.split_siblings


def corpus_leaks(tasks: list[Task], guard: LeakageGuard, *, top: int = 10,
                 mechanism_pairs: Sequence[MechanismPair] = (), splits: dict[str, str] | None = None) -> CorpusLeaks:
    pairs = similar_pairs(tasks)
    return CorpusLeaks(heldout_copies(tasks, guard), [p for p in pairs if p.near_duplicate], pairs[:top],
                       split_siblings(list(mechanism_pairs), splits or {}))
