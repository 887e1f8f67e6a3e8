"""Materialization: a task becomes a fresh, flat workspace (buggy + shared + tests), never correct/.

Comments marked ``# BUG:`` in buggy/ are for corpus maintainers and are stripped here, so nothing in
the workspace points at the bug. Test files are recorded as protected and made read-only.
"""

from __future__ import annotations

import re
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import Task

# A maintainer's note: a whole-line or trailing comment beginning "# BUG:".
BUG_MARKER = re.compile(r"[ \t]*#\s*BUG:.*$")


def strip_bug_markers(source: str) -> str:
    out = []
    for line in source.splitlines(keepends=True):
        ending = "\n" if line.endswith("\n") else ""
        body = line[: len(line) - len(ending)]
        stripped = BUG_MARKER.sub("", body)
        if stripped != body and not stripped.strip():
            # A comment-only line: keep an empty line so line numbers (and evidence lines) hold.
            out.append(ending or "")
            continue
        out.append(stripped + ending)
    return "".join(out)


@dataclass
class Workspace:
    path: Path
    task: str
    protected_files: list[str] = field(default_factory=list)
    buggy_files: dict[str, str] = field(default_factory=dict)  # name -> text as materialized
    test_files: dict[str, str] = field(default_factory=dict)  # name -> original text
    # Files the harness adds beside the tests (its pytest configuration): protected and restored like them.
    support_files: dict[str, str] = field(default_factory=dict)


def materialize(task: Task, dest: str | Path | None = None, *, variant: str = "buggy") -> Workspace:
    """Write ``variant`` ("buggy" for agents, "correct" for validation) + shared + tests into ``dest``.

    ``dest`` must be empty or absent; a fresh temporary folder is made when it is None.
    """
    if variant not in ("buggy", "correct"):
        raise ValueError("variant must be 'buggy' or 'correct'")
    path = Path(dest) if dest is not None else Path(tempfile.mkdtemp(prefix=f"stepwise-{task.name}-"))
    path.mkdir(parents=True, exist_ok=True)
    if any(path.iterdir()):
        raise FileExistsError(f"{path} is not empty; materialize into a fresh folder")
    sources = task.files(variant)
    modules = {name: strip_bug_markers(text) for name, text in sources.items()}
    shared = task.shared_files
    tests = task.test_files
    for name in set(modules) & set(tests) | set(shared) & set(tests):
        raise ValueError(f"task {task.name!r}: {name} appears both as a module and as a test")
    for group in (shared, modules, tests):
        for name, text in group.items():
            target = path / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    for name in tests:
        target = path / name
        target.chmod(target.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    return Workspace(path=path, task=task.name, protected_files=sorted(tests),
                     buggy_files=modules if variant == "buggy" else {}, test_files=dict(tests))
