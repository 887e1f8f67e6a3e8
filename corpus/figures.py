"""Per-task size figures shared by the statistics, the validator and the web app."""

from __future__ import annotations

import difflib

from corpus.format import Task


def count_loc(text: str) -> int:
    """Non-blank lines."""
    return sum(1 for line in text.splitlines() if line.strip())


def fix_diff_lines(task: Task) -> int:
    """Lines added plus removed between buggy/ and correct/ (files matched by name)."""
    buggy, correct = task.buggy_files, task.correct_files
    total = 0
    for name in sorted(set(buggy) | set(correct)):
        diff = difflib.unified_diff(buggy.get(name, "").splitlines(), correct.get(name, "").splitlines(),
                                    lineterm="", n=0)
        total += sum(1 for line in diff if line[:1] in "+-" and not line.startswith(("+++", "---")))
    return total


def task_figures(task: Task) -> dict:
    """LOC (buggy + shared + tests, non-blank), file count (the same files) and fix-diff length."""
    files = {**task.buggy_files, **task.shared_files, **task.test_files}
    return {"loc": sum(count_loc(t) for t in files.values()), "files": len(files),
            "fix_diff_lines": fix_diff_lines(task)}
