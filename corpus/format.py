"""The task format on disk (DESIGN.md, "Task on disk") and its loader.

A task is a folder ``corpus/tasks/<name>/`` holding ``meta.json``, ``buggy/``, ``correct/``,
optionally ``shared/``, and ``tests/``. Loading never executes task code; it checks the shape (and
that every file is UTF-8 text, not a link) and reports the first problem with the task's name and the
field or file at fault.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

TASKS_DIR = Path(__file__).resolve().parent / "tasks"
PREFERENCES = ("recommended", "optional", "avoid")
# How the buggy version misbehaves: its tests fail, or they hang until the time limit stops them.
FAILURES = ("fails", "hang")
FOLDERS = ("buggy", "correct", "shared", "tests")
# A dependency is a package from the index: a name, optional extras and version specifiers. Never a pip
# option ("--index-url=..."), a URL or a local path: pip runs them on the host, as root.
# The largest task file the loader reads; a bigger one is refused (tasks are small programs).
MAX_FILE_BYTES = 1 << 20
REQUIREMENT = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?(?:\[[A-Za-z0-9._,\s-]*\])?\s*"
                         r"(?:(?:===|==|!=|<=|>=|~=|<|>)\s*[A-Za-z0-9.*+!_-]+\s*(?:,\s*|$))*$")


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


def _check_files(name: str, path: Path) -> None:
    """Every file of the task's folders is a regular file (not a link: a task must not pull in files from
    elsewhere on the machine) holding UTF-8 text; the first problem names the file."""
    for kind in FOLDERS:
        root = path / kind
        if root.is_symlink():
            raise TaskFormatError(name, f"{kind}/", "is a symbolic link; a task's folders must be real folders")
        if not root.is_dir():
            continue
        for file in [*_task_files(root), *(d for d in root.rglob("*") if d.is_dir() and d.is_symlink())]:
            rel = f"{kind}/{file.relative_to(root).as_posix()}"
            if file.is_symlink():
                raise TaskFormatError(name, rel, "is a symbolic link; copy the file into the task instead")
            _read_text(name, file, rel)


_T = TypeVar("_T")


def _require(meta: dict, name: str, key: str, kind: type[_T] | tuple[type[_T], ...], *,
             default: _T | None = None) -> _T:
    """``meta[key]``, checked to be a ``kind``; a missing key is an error unless a ``default`` is given."""
    if key not in meta:
        if default is not None:
            return default
        raise TaskFormatError(name, key, "missing from meta.json")
    value = meta[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,))):
        expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise TaskFormatError(name, key, f"expected {expected}, got {type(value).__name__}")
    return value


def _load_evidence(name: str, raw) -> tuple[Evidence, ...]:
    if not isinstance(raw, list):
        raise TaskFormatError(name, "evidence", "expected a list of {file, line, expression, observed, why}")
    items = []
    for i, item in enumerate(raw):
        where = f"evidence[{i}]"
        if not isinstance(item, dict):
            raise TaskFormatError(name, where, "expected an object")
        for key, kind in (("file", str), ("line", int), ("expression", str), ("observed", str), ("why", str)):
            if key not in item:
                raise TaskFormatError(name, f"{where}.{key}", "missing")
            if not isinstance(item[key], kind) or isinstance(item[key], bool):
                raise TaskFormatError(name, f"{where}.{key}", f"expected {kind.__name__}")
        if item["line"] < 1:
            raise TaskFormatError(name, f"{where}.line", "must be a positive line number")
        test = item.get("test")
        if test is not None and (not isinstance(test, str) or "::" not in test):
            raise TaskFormatError(name, f"{where}.test", "expected 'test_file.py::test_name', the test during "
                                                         "which the line's first run shows the value")
        items.append(Evidence(item["file"], item["line"], item["expression"], item["observed"], item["why"], test))
    return tuple(items)


def load_task(path: str | Path) -> Task:
    """Load and shape-check one task folder. Raises TaskFormatError naming the task and field."""
    path = Path(path).resolve()
    name = path.name
    if not path.is_dir():
        raise TaskFormatError(name, "folder", f"{path} is not a directory")
    meta_path = path / "meta.json"
    if not meta_path.is_file():
        raise TaskFormatError(name, "meta.json", "file is missing")
    try:
        meta = json.loads(_read_text(name, meta_path, "meta.json"))
    except json.JSONDecodeError as exc:
        raise TaskFormatError(name, "meta.json", f"not valid JSON ({exc})") from None
    if not isinstance(meta, dict):
        raise TaskFormatError(name, "meta.json", "must hold a JSON object")
    meta_name = _require(meta, name, "name", str)
    if meta_name != name:
        raise TaskFormatError(name, "name", f"is {meta_name!r} but the folder is named {name!r}")
    category = _require(meta, name, "category", str)
    preference = _require(meta, name, "preference", str)
    if preference not in PREFERENCES:
        raise TaskFormatError(name, "preference", f"{preference!r} is not one of {', '.join(PREFERENCES)}")
    description = _require(meta, name, "description", str)
    deps = _require(meta, name, "dependencies", list, default=[])
    if not all(isinstance(d, str) and d.strip() for d in deps):
        raise TaskFormatError(name, "dependencies", "expected a list of requirement strings like 'pkg==1.2'")
    for i, dep in enumerate(deps):
        if not REQUIREMENT.match(dep.strip()):
            raise TaskFormatError(name, f"dependencies[{i}]", f"{dep!r} is not a package requirement; write "
                                  "'name==version' (no pip options, URLs or paths)")
    timeout_s = _require(meta, name, "timeout_s", (int, float), default=30)
    if not math.isfinite(timeout_s) or timeout_s <= 0:
        raise TaskFormatError(name, "timeout_s", f"must be a positive number of seconds, got {timeout_s}")
    tags = _require(meta, name, "tags", list, default=[])
    if not all(isinstance(t, str) for t in tags):
        raise TaskFormatError(name, "tags", "expected a list of strings")
    failure = _require(meta, name, "failure", str, default="fails")
    if failure not in FAILURES:
        raise TaskFormatError(name, "failure", f"{failure!r} is not one of {', '.join(FAILURES)} (\"hang\": the "
                                               "buggy tests block until timeout_s stops them)")
    preference_reason = _require(meta, name, "preference_reason", str, default="")
    evidence = _load_evidence(name, meta.get("evidence", []))
    if "repo" in meta:  # a real bug in a repository: its files come from the project's history
        from corpus.repository.task import load_repository_task
        return load_repository_task(name, path, {
            "category": category, "preference": preference, "description": description,
            "dependencies": tuple(deps), "timeout_s": float(timeout_s), "tags": tuple(tags), "evidence": evidence,
            "failure": failure, "preference_reason": preference_reason}, meta)
    for kind in ("buggy", "correct", "tests"):
        folder = path / kind
        if not folder.is_dir() or not any(p.is_file() for p in folder.rglob("*.py")):
            raise TaskFormatError(name, f"{kind}/", "folder is missing or holds no .py file")
    _check_files(name, path)
    return Task(name=name, path=path, category=category, preference=preference, description=description,
                dependencies=tuple(deps), timeout_s=float(timeout_s), tags=tuple(tags), evidence=evidence,
                failure=failure, preference_reason=preference_reason, meta=meta)


def task_dirs(root: str | Path = TASKS_DIR) -> list[Path]:
    root = Path(root)
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))


def load_tasks(root: str | Path = TASKS_DIR, names: list[str] | None = None) -> list[Task]:
    """Load every task under ``root`` (or just ``names``); the first malformed one raises."""
    dirs = task_dirs(root)
    if names is not None:
        by_name = {p.name: p for p in dirs}
        missing = [n for n in names if n not in by_name]
        if missing:
            raise TaskFormatError(missing[0], "name", f"no such task under {root}")
        dirs = [by_name[n] for n in names]
    return [load_task(p) for p in dirs]


def resolve_task(name_or_dir: str | Path, root: str | Path = TASKS_DIR) -> Task:
    """A task by folder path, or by name under ``root``."""
    candidate = Path(name_or_dir)
    if candidate.is_dir():
        return load_task(candidate)
    by_name = Path(root) / str(name_or_dir)
    if by_name.is_dir():
        return load_task(by_name)
    raise TaskFormatError(str(name_or_dir), "name", f"not a task folder and no task of that name under {root}")
