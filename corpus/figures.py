"""Per-task size figures shared by the statistics, the validator and the web app."""

from __future__ import annotations

import difflib

from corpus.format import Task
from corpus.repository.task import patch_lines


def count_loc(text: str) -> int:
    """Non-blank lines."""
    return sum(1 for line in text.splitlines() if line.strip())


def fix_diff_lines(task: Task) -> int:
    """Lines added plus removed between buggy/ and correct/ (files matched by name); a repository task's
    from its fix.patch."""
    fix_patch = getattr(task, "fix_patch", None)
    if fix_patch is not None:
        return patch_lines(fix_patch)
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
    fix_files = getattr(task, "fix_files", None)
    if fix_files is not None:  # a repository task: its size is the fix's files, not the whole repository's
        return {"loc": 0, "files": len(fix_files), "fix_diff_lines": fix_diff_lines(task)}
    return {"loc": sum(count_loc(t) for t in files.values()), "files": len(files),
            "fix_diff_lines": fix_diff_lines(task)}
