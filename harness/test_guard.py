"""Test files stay as the task shipped them even where bash runs with the user's own rights (the local
backend, ``python -m harness shell``): their bytes are kept when the session opens, and after every bash
command a protected file that was changed, removed or replaced is written back and the model is told.

Inside bwrap and Docker the sandboxed user cannot change them at all (``harness.sandbox.protect``), so
there this finds nothing. It is a guard between commands, not a lock: a command that changes a test and
runs it at once sees its change, which is why the verifier never uses the workspace's tests either.
Stdlib only: the sandboxed session imports it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from pathlib import Path

MAX_KEPT_BYTES = 1 << 20  # a protected file larger than this is not kept (nor restored)


class TestGuard:
    __test__ = False  # not a test class, whatever pytest's rules say

    def __init__(self, workspace: Path, protected: Iterable[str]):
        self.workspace = Path(workspace)
        self.kept: dict[str, bytes] = {}
        for name in sorted(set(protected)):
            path = self.workspace / name
            try:
                if path.is_file() and not path.is_symlink() and path.stat().st_size <= MAX_KEPT_BYTES:
                    self.kept[name] = path.read_bytes()
            except OSError:
                continue

    def _intact(self, path: Path, data: bytes) -> bool:
        try:
            return path.is_file() and not path.is_symlink() and path.read_bytes() == data
        except OSError:
            return True  # unreadable by us: nothing we could restore either

    def restore(self) -> list[str]:
        """Write back every kept file that no longer holds its bytes; the names restored."""
        restored = []
        for name, data in self.kept.items():
            path = self.workspace / name
            if self._intact(path, data):
                continue
            try:
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                elif path.exists() or path.is_symlink():
                    path.unlink()
                path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o444)
                with os.fdopen(fd, "wb") as stream:
                    stream.write(data)
            except OSError:
                continue
            restored.append(name)
        return restored

    def note(self, restored: list[str]) -> str:
        return (f"Error: this command changed the test file(s) {', '.join(restored)}; test files are read-only, so "
                "they were restored to the task's version. Fix the code under test instead.")
