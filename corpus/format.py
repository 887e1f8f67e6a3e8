"""The task format on disk (DESIGN.md, "Task on disk") and its loader.

A task is a folder ``corpus/tasks/<name>/`` holding ``meta.json``, ``buggy/``, ``correct/``,
optionally ``shared/``, and ``tests/``. Loading never executes task code; it checks the shape (and
that every file is UTF-8 text, not a link) and reports the first problem with the task's name and the
field or file at fault.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import TypeVar

from corpus.categories import CATEGORIES, unknown_category_message
from corpus.repository.task import RepositoryTask, load_repository_task
from corpus.task_model import (  # noqa: F401 - re-exported: the loader's types, imported from here by most code
    FOLDERS,
    MAX_FILE_BYTES,
    Evidence,
    Task,
    TaskFormatError,
    _read_text,
    _task_files,
)

TASKS_DIR = Path(__file__).resolve().parent / "tasks"
PREFERENCES = ("recommended", "optional", "avoid")
# How the buggy version misbehaves: its tests fail, or they hang until the time limit stops them.
FAILURES = ("fails", "hang")
# A dependency is a package from the index: a name, optional extras and version specifiers. Never a pip
# option ("--index-url=..."), a URL or a local path: pip runs them on the host, as root.
REQUIREMENT = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?(?:\[[A-Za-z0-9._,\s-]*\])?\s*"
                         r"(?:(?:===|==|!=|<=|>=|~=|<|>)\s*[A-Za-z0-9.*+!_-]+\s*(?:,\s*|$))*$")


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
    if category not in CATEGORIES:
        raise TaskFormatError(name, "category", unknown_category_message(category))
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


def load_repository(path: str | Path) -> RepositoryTask:
    """The repository task (a real bug) in ``path``; TaskFormatError when the folder holds a small task."""
    task = load_task(path)
    if not isinstance(task, RepositoryTask):
        raise TaskFormatError(task.name, "repo", "missing: this folder holds a small task, not a repository task")
    return task

