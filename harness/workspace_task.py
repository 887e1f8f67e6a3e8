"""Bring your own bug folder: a folder of code and tests, as another benchmark ships it, played as a task.

``python -m harness run --workspace DIR`` and ``python -m harness eval --workspaces DIR`` take such
folders. There is no fixed version, so nothing is validated beforehand: the verifier judges an
episode by the folder's own tests alone, and the trajectory says so (``task_source.validated:
false``). The folder is read, never changed, and never imported into the corpus.

Which files are tests: meta.json's ``test_files`` when the folder has one (it may also give
``description``, ``dependencies``, ``timeout_s``), else ``harness.pytest_files``'s rules (pytest's
names, ``test.py``, ``tests/``, unittest ``TestCase`` classes). The tests, every ``conftest.py`` and a
pytest configuration the folder ships are the protected part (read-only in the episode, restored by
the verifier); everything else is the code the model may change.
"""

from __future__ import annotations

import json
from pathlib import Path

from corpus.format import Task, TaskFormatError
from harness.pytest_files import SKIPPED_FOLDERS, find_test_files

MAX_FILES = 500
MAX_FILE_BYTES = 512 * 1024
CONFIG_FILES = {"pytest.ini", ".pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml"}


class WorkspaceTask(Task):
    """A task read from a plain folder: ``buggy`` is its code, ``tests`` its tests and test support."""

    unvalidated = True

    def files(self, kind: str) -> dict[str, str]:
        if kind in ("correct", "shared"):
            return {}
        code, tests = split_folder(self.path, self.meta.get("test_files"))
        return tests if kind == "tests" else code if kind == "buggy" else super().files(kind)

    def source_record(self) -> dict:
        return {"kind": "workspace", "path": str(self.path), "validated": False}


def _text_files(root: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if any(part in SKIPPED_FOLDERS or part.startswith(".") for part in relative.parts[:-1]):
            continue
        if path.is_symlink() or not path.is_file() or path.suffix in (".pyc", ".pyo") or relative.as_posix() == "meta.json":
            continue
        if path.stat().st_size > MAX_FILE_BYTES:
            continue
        try:
            found[relative.as_posix()] = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # a binary file: not something a model edits
        if len(found) > MAX_FILES:
            raise TaskFormatError(root.name, "files", f"more than {MAX_FILES} files; point at one bug's folder")
    return found


def split_folder(root: Path, listed=None) -> tuple[dict[str, str], dict[str, str]]:
    """(code, tests) of a folder: name -> text."""
    files = _text_files(root)
    tests = set(find_test_files(root, listed))
    protected = {name for name in files if name in tests or Path(name).name == "conftest.py"
                 or ("/" not in name and name in CONFIG_FILES)}
    return ({n: t for n, t in files.items() if n not in protected}, {n: t for n, t in files.items() if n in protected})


def load_workspace_task(folder: str | Path) -> WorkspaceTask:
    """A folder as a task; a clear error when it is not a folder, has no tests, or no code beside them."""
    root = Path(folder).expanduser()
    name = root.resolve().name or "workspace"
    if not root.is_dir():
        raise TaskFormatError(name, "--workspace", f"{folder} is not a folder; give a folder holding code and its tests")
    meta: dict = {}
    meta_path = root / "meta.json"
    if meta_path.is_file():
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError) as exc:
            raise TaskFormatError(name, "meta.json", f"is not valid JSON ({exc}); fix it or remove it") from None
        if not isinstance(meta, dict):
            raise TaskFormatError(name, "meta.json", "must be a JSON object")
    listed = meta.get("test_files")
    if listed is not None:
        if not isinstance(listed, list) or not all(isinstance(n, str) and n for n in listed):
            raise TaskFormatError(name, "meta.json test_files", "must be a list of file paths, e.g. [\"test.py\"]")
        missing = [n for n in listed if not (root / n).is_file()]
        if missing:
            raise TaskFormatError(name, "meta.json test_files", f"no such file: {', '.join(missing)}")
    code, tests = split_folder(root, listed)
    test_modules = [n for n in tests if n.endswith(".py") and Path(n).name != "conftest.py"]
    if not test_modules:
        raise TaskFormatError(name, "tests", f"{root} holds no tests: name a file test_*.py (or test.py, or put it "
                                             "in tests/, or define a unittest.TestCase), or list the test files in "
                                             "its meta.json as \"test_files\"")
    if not any(n.endswith(".py") for n in code):
        raise TaskFormatError(name, "code", f"{root} holds tests but no code beside them for the model to fix")
    dependencies = meta.get("dependencies") or ()
    if not isinstance(dependencies, list | tuple) or not all(isinstance(d, str) for d in dependencies):
        raise TaskFormatError(name, "meta.json dependencies", "must be a list of requirements, e.g. [\"attrs==23.2.0\"]")
    given = meta.get("description")
    description = given if isinstance(given, str) else (
        f"The tests in {', '.join(sorted(test_modules))} fail. Find the bug in the code and fix it.")
    timeout = meta.get("timeout_s", 30)
    return WorkspaceTask(name=name, path=root.resolve(), category=str(meta.get("category") or "workspace"),
                         preference="optional", description=description, dependencies=tuple(dependencies),
                         timeout_s=timeout if isinstance(timeout, int | float) and timeout > 0 else 30,
                         meta={**meta, "test_files": listed} if listed is not None else dict(meta))


def workspace_folders(folder: str | Path) -> list[Path]:
    """The bug folders under ``folder``: itself when it holds Python files directly, else each subfolder."""
    root = Path(folder).expanduser()
    if not root.is_dir():
        raise TaskFormatError(root.name or str(folder), "--workspaces", f"{folder} is not a folder")
    if any(p.suffix == ".py" for p in root.iterdir() if p.is_file()):
        return [root]
    found = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")
                   and p.name not in SKIPPED_FOLDERS)
    if not found:
        raise TaskFormatError(root.name, "--workspaces", f"{folder} holds no bug folders (subfolders with code and tests)")
    return found
