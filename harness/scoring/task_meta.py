"""What the scorers know about a trajectory's task: its debugger-preference label, its recorded
evidence, and its files as the agent's workspace held them (for line numbers and functions).

Everything here is optional: a trajectory whose task is not on disk still scores, from the
preference its header records, with edits placed by name rather than by line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import PREFERENCES, TASKS_DIR, Task, TaskFormatError, load_task
from corpus.materialize import strip_bug_markers


@dataclass(frozen=True)
class EvidenceHint:
    """A task's recorded runtime evidence: at ``file:line``, ``expression`` shows ``observed``."""

    file: str
    line: int
    expression: str
    observed: str


@dataclass(frozen=True)
class TaskMeta:
    name: str | None = None
    preference: str | None = None
    evidence: tuple[EvidenceHint, ...] = ()
    files: dict = field(default_factory=dict, compare=False)   # workspace path -> text (buggy, shared, tests)
    test_files: frozenset[str] = frozenset()

    @classmethod
    def from_task(cls, task: Task) -> TaskMeta:
        """From a corpus task: the files exactly as materialization writes them (markers stripped)."""
        files = {**task.shared_files, **{n: strip_bug_markers(t) for n, t in task.buggy_files.items()},
                 **task.test_files}
        evidence = tuple(EvidenceHint(e.file, e.line, e.expression, e.observed) for e in task.evidence)
        return cls(task.name, task.preference, evidence, files, frozenset(task.test_files))

    @classmethod
    def from_document(cls, doc: dict) -> TaskMeta:
        """Only what the document's header says (its task name and preference label)."""
        name = doc.get("task") if isinstance(doc.get("task"), str) else None
        preference = doc.get("preference") if doc.get("preference") in PREFERENCES else None
        return cls(name=name, preference=preference)

    @classmethod
    def for_document(cls, doc: dict, tasks_dir: str | Path = TASKS_DIR) -> TaskMeta:
        """The task of ``doc`` from ``tasks_dir`` when it is there, else what the header says."""
        header = cls.from_document(doc)
        if header.name is None or "/" in header.name or header.name.startswith("."):
            return header
        folder = Path(tasks_dir) / header.name
        try:
            return cls.from_task(load_task(folder)) if folder.is_dir() else header
        except (TaskFormatError, OSError, UnicodeDecodeError):
            return header
