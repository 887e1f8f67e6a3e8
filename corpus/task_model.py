"""The task as loaded: ``Task`` (and its ``Evidence``), ``TaskFormatError``, and the no-follow reading of a
task's files. ``corpus.format`` checks a folder and builds these (it re-exports them); kept apart so the
kinds of task the loader builds (``corpus.repository``) can subclass ``Task`` without importing the loader.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

FOLDERS = ("buggy", "correct", "shared", "tests")
# The largest task file the loader reads; a bigger one is refused (tasks are small programs).
MAX_FILE_BYTES = 1 << 20


class TaskFormatError(ValueError):
    """A task folder or its meta.json does not follow the format; the message names task and field."""

    def __init__(self, task: str, field_name: str, reason: str):
        self.task, self.field, self.reason = task, field_name, reason
        super().__init__(f"task {task!r}: {field_name}: {reason}")


@dataclass(frozen=True)
class Evidence:
    """A runtime observation that reveals the bug: at ``file:line`` the ``expression`` evaluates to
    something whose repr is ``observed`` (under the buggy version), the first time the line runs
    (while ``test`` runs, when it names one: ``test_file.py::test_name``)."""

    file: str
    line: int
    expression: str
    observed: str
    why: str
    test: str | None = None

    def to_dict(self) -> dict:
        data = {"file": self.file, "line": self.line, "expression": self.expression,
                "observed": self.observed, "why": self.why}
        if self.test is not None:
            data["test"] = self.test
        return data


@dataclass(frozen=True)
class Task:
    name: str
    path: Path
    category: str
    preference: str
    description: str
    dependencies: tuple[str, ...] = ()
    timeout_s: float = 30
    tags: tuple[str, ...] = ()
    evidence: tuple[Evidence, ...] = ()
    failure: str = "fails"
    preference_reason: str = ""
    meta: dict = field(default_factory=dict, compare=False, repr=False)

    def folder(self, kind: str) -> Path:
        if kind not in FOLDERS:
            raise ValueError(f"unknown task folder {kind!r}; expected one of {', '.join(FOLDERS)}")
        return self.path / kind

    def files(self, kind: str) -> dict[str, str]:
        """Relative path -> text for every file in one of the task's folders (empty if absent)."""
        root = self.folder(kind)
        if not root.is_dir():
            return {}
        out = {}
        for p in _task_files(root):
            rel = p.relative_to(root).as_posix()
            out[rel] = _read_text(self.name, p, f"{kind}/{rel}")
        return out

    @property
    def hangs(self) -> bool:
        """The buggy version hangs (a deadlock, a lost wake-up, an endless loop) instead of failing."""
        return self.failure == "hang"

    @property
    def buggy_files(self) -> dict[str, str]:
        return self.files("buggy")

    @property
    def correct_files(self) -> dict[str, str]:
        return self.files("correct")

    @property
    def shared_files(self) -> dict[str, str]:
        return self.files("shared")

    @property
    def test_files(self) -> dict[str, str]:
        return self.files("tests")


def _task_files(root: Path) -> list[Path]:
    """The files of one task folder, without bytecode; links are returned too (load_task refuses them)."""
    return [p for p in sorted(root.rglob("*"))
            if (p.is_file() or p.is_symlink()) and "__pycache__" not in p.parts and not p.name.endswith(".pyc")]


def _read_bytes_nofollow(path: Path) -> bytes:
    """The bytes of the regular file at ``path``, opened without following any link: every component of
    the absolute path is opened with O_NOFOLLOW relative to its parent (dir_fd walking), and the opened
    file is checked with fstat (a regular file, at most MAX_FILE_BYTES). A link swapped in anywhere
    along the path after a check raises OSError (ELOOP / ENOTDIR) instead of being followed."""
    parts = Path(os.path.abspath(path)).parts
    flags_dir = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(parts[0], flags_dir)
    try:
        for part in parts[1:-1]:
            child = os.open(part, flags_dir, dir_fd=fd)
            os.close(fd)
            fd = child
        file_fd = os.open(parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0),
                          dir_fd=fd)
    finally:
        os.close(fd)
    try:
        info = os.fstat(file_fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path} is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise _TooBig(info.st_size)
        with os.fdopen(file_fd, "rb", closefd=True) as handle:
            file_fd = -1
            data = handle.read(MAX_FILE_BYTES + 1)
    finally:
        if file_fd >= 0:
            os.close(file_fd)
    if len(data) > MAX_FILE_BYTES:
        raise _TooBig(len(data))
    return data


class _TooBig(OSError):
    def __init__(self, size: int):
        self.size = size
        super().__init__(f"{size} bytes")


def _read_text(name: str, path: Path, rel: str) -> str:
    """A task file's text through the no-follow reader; each refusal is a TaskFormatError naming the file."""
    try:
        data = _read_bytes_nofollow(path)
    except _TooBig as exc:
        raise TaskFormatError(name, rel, f"is {exc.size} bytes, over the {MAX_FILE_BYTES} bytes a task file may "
                                         "hold; keep task files small") from None
    except OSError as exc:
        if path.is_symlink() or exc.errno in (errno.ELOOP, errno.ENOTDIR):  # a link swapped in
            raise TaskFormatError(name, rel, "is a symbolic link (or lies under one); copy the file into the "
                                             "task instead") from None
        raise TaskFormatError(name, rel, f"cannot be read as a regular file ({exc.strerror or exc})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TaskFormatError(name, rel, _not_utf8(exc)) from None


def _not_utf8(exc: UnicodeDecodeError) -> str:
    return f"is not UTF-8 text (byte {exc.start}: {exc.object[exc.start:exc.start + 1]!r}); save it as UTF-8"
