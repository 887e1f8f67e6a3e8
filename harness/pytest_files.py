"""Which files are tests: pytest's own default rule (``test_*.py`` or ``*_test.py``), defined once for
the debugger (a test file runs under pytest), the verifier and validation (the files pytest is pointed
at). Stdlib only: the sandboxed session imports it."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

TEST_FILE = re.compile(r"(^|/)(test_[^/]*|[^/]*_test)\.py$")


def is_test_file(name: str) -> bool:
    return bool(TEST_FILE.search(str(name).replace(os.sep, "/")))


def pytest_targets(names: Iterable[str]) -> list[str]:
    """The test files among ``names`` (sorted); all Python files when none is named like a test."""
    names = list(names)
    return sorted(n for n in names if is_test_file(n)) or sorted(n for n in names if n.endswith(".py"))
