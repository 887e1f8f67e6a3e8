"""Which side of a fix a file is on: the tests (taken from the fix and protected) or the code."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable
from pathlib import PurePosixPath

# Import names whose distribution is named otherwise (the common cases; others are tried by their own name).
DISTRIBUTIONS = {"yaml": "PyYAML", "dateutil": "python-dateutil", "attr": "attrs", "PIL": "Pillow",
                 "bs4": "beautifulsoup4", "sklearn": "scikit-learn", "Crypto": "pycryptodome", "jwt": "PyJWT",
                 "OpenSSL": "pyOpenSSL", "dns": "dnspython", "magic": "python-magic", "serial": "pyserial",
                 "git": "GitPython", "jose": "python-jose", "multipart": "python-multipart", "_pytest": "pytest",
                 "py": "py", "pkg_resources": "setuptools", "setuptools": "setuptools", "nose": "nose"}
# Modules every interpreter this project supports ships (Python 2 names included: old tests guard them).
STANDARD = set(getattr(sys, "stdlib_module_names", ())) | {"__future__", "imp", "distutils", "asynchat", "asyncore",
                                                          "urllib2", "StringIO", "cStringIO", "ConfigParser",
                                                          "Queue", "__builtin__", "httplib", "cPickle", "typing"}

TEST_FOLDERS = {"test", "tests", "testing", "unittests"}
TEST_NAME = re.compile(r"^(test_.*|.*_test|tests?|conftest)\.py$")


def is_test_path(path: str) -> bool:
    """A test module, a conftest, or anything (data files included) under a test folder."""
    parts = PurePosixPath(path).parts
    return bool(TEST_NAME.match(parts[-1])) or any(part.lower() in TEST_FOLDERS for part in parts[:-1])


def imported_modules(source: str) -> set[str]:
    """Top-level names a module imports (its syntax errors ignored: the file may need a newer Python)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return set(re.findall(r"^\s*(?:from|import)\s+([A-Za-z_]\w*)", source, re.MULTILINE))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def required_imports(source: str) -> set[str]:
    """Top-level modules a file imports unconditionally (module level, outside try/if): what it cannot run
    without. Relative imports are the project's own."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return set()
    names = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


# Folders of test inputs (source files a formatter or parser reads as data, never imported by the tests).
DATA_FOLDERS = {"data", "fixtures", "resources", "samples", "examples", "snapshots", "cases", "simple_cases"}


def is_test_code(path: str) -> bool:
    """A test-side Python file the tests import or run (not a data file that happens to be Python)."""
    parts = PurePosixPath(path).parts
    return path.endswith(".py") and is_test_path(path) and not any(p.lower() in DATA_FOLDERS for p in parts[:-1])


def _imported_names(source: str) -> set[str]:
    """Every name an import statement of ``source`` mentions, relative imports included (``from . import
    helper``, ``from .helper import x``, ``import tests.helper``): the candidates for a sibling module."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return set(re.findall(r"\w+", " ".join(re.findall(r"^\s*(?:from|import)\s+(.*)$", source, re.MULTILINE))))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {part for alias in node.names for part in alias.name.split(".")}
        elif isinstance(node, ast.ImportFrom):
            names |= set((node.module or "").split(".")) | {alias.name for alias in node.names}
    return names - {""}


def test_code_files(paths: list[str], read: Callable[[str], str]) -> dict[str, str]:
    """The test-side Python files the tests run or import, with their text: every test module, conftest and
    package ``__init__``, and each other Python file under a test folder that one of those imports (a
    helper), transitively. The rest is input the tests read as data (black's ``tests/expression.py`` and
    ``tests/import_spacing.py``, formatted by the tests, import packages nobody installs)."""
    texts = {p: read(p) for p in paths if is_test_code(p)}
    code = {p for p in texts if TEST_NAME.match(PurePosixPath(p).name) or PurePosixPath(p).name == "__init__.py"}
    while True:
        imported = set().union(*(_imported_names(texts[p]) for p in code)) if code else set()
        helpers = {p for p in texts if p not in code and PurePosixPath(p).stem in imported}
        if not helpers:
            return {p: texts[p] for p in sorted(code)}
        code |= helpers


def missing_distributions(sources: list[str], local: set[str], already: set[str]) -> list[str]:
    """Distributions for the modules that test code imports unconditionally and nothing else provides:
    not the standard library, not the repository's own top-level modules, not already required."""
    modules = set()
    for text in sources:
        modules |= required_imports(text)
    out = []
    for module in sorted(modules - STANDARD - local):
        name = DISTRIBUTIONS.get(module) or module
        if re.sub(r"[-_.]+", "-", name).lower() not in already:
            out.append(name)
    return out
