"""Which files are tests, defined once for the debugger (a file that holds tests runs under pytest), the
verifier and validation (the files pytest is pointed at) and the workspace's pytest configuration.

A file holds tests when pytest's default rule names it (``test_*.py``, ``*_test.py``), when it is
``test.py`` / ``tests.py`` or sits in a ``tests/`` folder, or when it defines a unittest ``TestCase``
class, whatever its name. A workspace may instead list its test files (meta.json ``test_files``); the
pytest configuration Stepwise writes (``pytest.ini``, marked ``STEPWISE_MARK``) names them so that
``python -m pytest -q`` collects them, and the debugger reads it back. Stdlib only: the sandboxed
session imports it.
"""

from __future__ import annotations

import ast
import configparser
import fnmatch
import os
import re
from collections.abc import Iterable
from pathlib import Path

TEST_FILE = re.compile(r"(^|/)(test_[^/]*|[^/]*_test|tests?)\.py$")
IN_TESTS_FOLDER = re.compile(r"(^|/)tests?/")
NOT_TESTS = {"conftest.py", "__init__.py"}
CONFIG_NAME = "pytest.ini"
STEPWISE_MARK = "# Written by Stepwise"
PYTEST_DEFAULT_FILES = ("test_*.py", "*_test.py")
SKIPPED_FOLDERS = {"__pycache__", ".git", ".venv", "venv", "site-packages", "node_modules", ".pytest_cache",
                   ".mypy_cache", ".ruff_cache", ".hypothesis", ".tox"}
MAX_SCANNED = 2000  # Python files looked at in one workspace
MAX_SCANNED_BYTES = 512 * 1024  # a larger file is judged by its name only
TESTCASE = re.compile(r"\bclass\s+\w+\s*\([^)]*TestCase\b")


def is_test_file(name: str) -> bool:
    """A test file by its name alone (pytest's rule, ``test.py``, ``tests.py``, a ``tests/`` folder)."""
    normal = str(name).replace(os.sep, "/")
    if normal.rsplit("/", 1)[-1] in NOT_TESTS or not normal.endswith(".py"):
        return False
    return bool(TEST_FILE.search(normal) or IN_TESTS_FOLDER.search(normal))


def defines_tests(text: str) -> bool:
    """The source defines a unittest ``TestCase`` class (pytest collects it whatever the file's name)."""
    if not TESTCASE.search(text):
        return False
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return True  # the regex matched; pytest will say what is wrong with the file
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
                if name.endswith("TestCase"):
                    return True
    return False


def holds_tests(name: str, text: str | None) -> bool:
    return is_test_file(name) or (text is not None and name.rsplit("/", 1)[-1] not in NOT_TESTS
                                  and defines_tests(text))


def pytest_targets(files: dict[str, str] | Iterable[str]) -> list[str]:
    """The test files among ``files`` (names, or name -> text to look inside), sorted; all Python files
    when none holds tests (pytest then says what it found)."""
    texts = dict(files) if isinstance(files, dict) else {name: None for name in files}
    python = sorted(n for n in texts if n.endswith(".py"))
    return [n for n in python if holds_tests(n, texts[n])] or python


def python_files(root: str | Path) -> list[str]:
    """The workspace's Python files (relative, sorted), without caches, virtualenvs and hidden folders."""
    root = Path(root)
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_FOLDERS and not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith(".py"):
                found.append((Path(dirpath) / name).relative_to(root).as_posix())
                if len(found) >= MAX_SCANNED:
                    return found
    return found


def _read(path: Path) -> str | None:
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_SCANNED_BYTES:
            return None
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def find_test_files(root: str | Path, listed: Iterable[str] | None = None) -> list[str]:
    """The files of the workspace at ``root`` that hold tests: ``listed`` when given (meta.json's
    ``test_files``), else the ones a Stepwise configuration names, else by name and content."""
    root = Path(root)
    if listed is not None:
        return sorted({Path(os.path.normpath(n)).as_posix() for n in listed})
    configured = configured_test_files(root)
    if configured is not None:
        return [n for n in python_files(root) if _matches(n, configured)]
    return [n for n in python_files(root) if holds_tests(n, None if is_test_file(n) else _read(root / n))]


def pytest_config(test_files: Iterable[str]) -> str:
    """A ``pytest.ini`` collecting exactly pytest's default files plus ``test_files`` (by path)."""
    names = sorted(set(test_files))
    patterns = [*PYTEST_DEFAULT_FILES, *(n for n in names if not fnmatch.fnmatch(n.rsplit("/", 1)[-1], "test_*.py")
                                          and not n.endswith("_test.py"))]
    return (f"{STEPWISE_MARK}: collects this workspace's tests, so `python -m pytest -q` runs them all.\n"
            f"# Test files: {', '.join(names) or '(none)'}\n"
            "[pytest]\npython_files =\n" + "".join(f"    {p}\n" for p in patterns))


def has_own_config(root: str | Path) -> bool:
    """The workspace ships a pytest configuration file pytest would pick before ours would matter."""
    root = Path(root)
    if (root / ".pytest.ini").exists() or (root / CONFIG_NAME).exists():
        return True
    for name, section in (("pyproject.toml", "[tool.pytest.ini_options]"), ("tox.ini", "[pytest]"),
                          ("setup.cfg", "[tool:pytest]")):
        text = _read(root / name)
        if text and section in text:
            return True
    return False


def write_pytest_config(root: str | Path, test_files: Iterable[str]) -> str | None:
    """Write the Stepwise ``pytest.ini`` into the workspace (unless it ships its own); its text, or None."""
    root = Path(root)
    if has_own_config(root):
        return None
    text = pytest_config(test_files)
    (root / CONFIG_NAME).write_text(text, encoding="utf-8")
    return text


def configured_test_files(root: str | Path) -> list[str] | None:
    """The ``python_files`` patterns of a Stepwise-written ``pytest.ini`` at ``root``, else None."""
    text = _read(Path(root) / CONFIG_NAME)
    if not text or not text.startswith(STEPWISE_MARK):
        return None
    parser = configparser.ConfigParser()
    try:
        parser.read_string(text)
        return parser.get("pytest", "python_files", fallback="").split()
    except configparser.Error:
        return None


def _matches(name: str, patterns: list[str]) -> bool:
    """pytest's ``python_files`` rule: a pattern without a slash matches the base name, one with a
    slash the end of the path."""
    base = name.rsplit("/", 1)[-1]
    if base in NOT_TESTS:
        return False
    return any(fnmatch.fnmatch(base, p) if "/" not in p else (name == p or fnmatch.fnmatch(name, f"*/{p}"))
               for p in patterns)


def runs_under_pytest(root: str | Path, name: str) -> bool:
    """Whether the debugger runs ``name`` (relative to the workspace ``root``) under pytest."""
    configured = configured_test_files(root)
    if configured is not None and _matches(name, configured):
        return True
    if is_test_file(name):
        return True
    return holds_tests(name, _read(Path(root) / name))
