"""Linked copies of a source tree: how the generator gives each candidate (and a generated task its buggy
tree) the repository without copying it: hard links, with a changed file replaced, never written through."""

from __future__ import annotations

import os
from pathlib import Path

PATCH_FILE = "planted.patch"  # a generated task's planted change, over its snapshot
# Folders never walked nor copied into a snapshot: virtual environments, caches, build output, version control.
SKIPPED_DIRS = frozenset({".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "env", "__pycache__", "build",
                          "dist", "node_modules", ".eggs", ".mypy_cache", ".pytest_cache", ".ruff_cache", "site-packages"})


def left_out_of_snapshot(name: str) -> bool:
    """A file or folder name a repository's snapshot leaves out (links are left out as well)."""
    return name in SKIPPED_DIRS or name.endswith(".pyc")


def linked_copy(source: Path, dest: Path) -> None:
    """``dest`` holds ``source``'s tree as hard links: nothing is copied, and a file that is changed
    later must be replaced (unlinked, then written), never written through its link."""
    for folder, dirs, files in os.walk(source):
        dirs[:] = [d for d in dirs if d not in (".git", "__pycache__", ".pytest_cache")]
        rel = Path(folder).relative_to(source)
        (dest / rel).mkdir(parents=True, exist_ok=True)
        for name in files:
            src = Path(folder) / name
            if src.is_symlink():
                continue
            try:
                os.link(src, dest / rel / name)
            except OSError:  # another file system, or links not allowed there: copy this one
                (dest / rel / name).write_bytes(src.read_bytes())


def replace_file(workspace: Path, rel: str, text: str) -> None:
    target = workspace / rel
    target.unlink(missing_ok=True)
    target.write_text(text, encoding="utf-8")
