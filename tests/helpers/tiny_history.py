"""A small project with a real git history and a BugsInPy-style folder describing its bugs, built by the
test itself (no fetched data): the importer's and the repository tasks' fixture."""

from __future__ import annotations

import codecs
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

BUGGY_CODE = '''"""Prices."""


def total(prices, discount=0):
    subtotal = sum(prices)
    return subtotal - subtotal * discount // 100
'''
FIXED_CODE = BUGGY_CODE.replace("subtotal * discount // 100", "subtotal * discount / 100")
OLD_TEST = '''import pytest

from tinyshop.prices import total


def test_total_without_discount():
    assert total([1, 2, 3]) == 6


@pytest.mark.parametrize("prices", [[1, 1]], ids=["two items"])  # an id with a space: no node id a task names
def test_named_case(prices):
    assert total(prices) == 2
'''
NEW_TEST = OLD_TEST + '''

def test_fractional_discount():
    import json, pathlib
    case = json.loads((pathlib.Path(__file__).parent / "data" / "case.json").read_text())
    assert total(case["prices"], case["discount"]) == case["expected"]


class TestTotals:
    def test_ten_percent(self):
        assert abs(total([5, 4], 10) - 8.1) < 1e-9
'''
LICENSE = "MIT License\n\nPermission is hereby granted, free of charge, to any person obtaining a copy...\n"


def _git(repo: Path, *args: str) -> str:
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.org", "PATH": "/usr/bin:/bin", "HOME": str(repo)}
    return subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True, text=True).stdout.strip()


@dataclass
class TinyHistory:
    repo: Path
    bugsinpy: Path  # projects/tinyshop
    buggy: str
    fixed: str
    test_only: str  # a commit whose fix touches tests alone


def build_tiny_history(root: Path, python: str | None = None) -> TinyHistory:
    python = python or "{}.{}".format(*sys.version_info[:2])
    repo = root / "tinyshop"
    (repo / "tinyshop").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "tinyshop" / "__init__.py").write_text("")
    (repo / "tinyshop" / "prices.py").write_text(BUGGY_CODE)
    (repo / "tests" / "test_prices.py").write_text(OLD_TEST)
    (repo / "setup.py").write_text("from setuptools import setup\nsetup(name='tinyshop', version='0.1', "
                                   "packages=['tinyshop'])\n")
    (repo / "LICENSE").write_text(LICENSE)
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "prices")
    buggy = _git(repo, "rev-parse", "HEAD")
    (repo / "tinyshop" / "prices.py").write_text(FIXED_CODE)
    (repo / "tests" / "test_prices.py").write_text(NEW_TEST)
    (repo / "tests" / "data").mkdir()
    (repo / "tests" / "data" / "case.json").write_text('{"prices": [3, 4], "discount": 50, "expected": 3.5}\n')
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "fix: fractional discounts")
    fixed = _git(repo, "rev-parse", "HEAD")
    (repo / "tests" / "test_prices.py").write_text(NEW_TEST + "\n# a comment\n")
    _git(repo, "commit", "-qam", "tests only")
    test_only = _git(repo, "rev-parse", "HEAD")

    project = root / "bugsinpy" / "projects" / "tinyshop"
    (project / "bugs").mkdir(parents=True)
    (project / "project.info").write_text('github_url="https://example.org/tinyshop"\nstatus="OK"\n')

    def bug(number: str, buggy_id: str, fixed_id: str, run_test: str, requirements: bytes) -> None:
        folder = project / "bugs" / number
        folder.mkdir()
        (folder / "bug.info").write_text(f'python_version="{python}.1"\nbuggy_commit_id="{buggy_id}"\n'
                                         f'fixed_commit_id="{fixed_id}"\ntest_file="tests/test_prices.py"')
        (folder / "run_test.sh").write_text(run_test)
        (folder / "requirements.txt").write_bytes(requirements)
        (folder / "setup.sh").write_text("python setup.py develop\n")

    # Bug 1: BugsInPy's pitfalls at once: a UTF-16 requirements file with a -e line pointing at the project
    # and Debian's pkg-resources==0.0.0, tests given as unittest dotted ids, the fix adding test data
    # that bug.info's test_file leaves out.
    requirements = ("-e git+https://example.org/tinyshop@" + buggy + "#egg=tinyshop\npkg-resources==0.0.0\n")
    bug("1", buggy, fixed, "python -m unittest -q tests.test_prices.TestTotals.test_ten_percent\n"
        "pytest tests/test_prices.py::test_fractional_discount\n",
        codecs.BOM_UTF16_LE + requirements.encode("utf-16-le"))
    bug("2", "0" * 40, fixed, "pytest tests/test_prices.py", b"")  # a commit the history lacks
    bug("3", fixed, test_only, "pytest tests/test_prices.py", b"")  # the fix touches tests only
    return TinyHistory(repo=repo, bugsinpy=project, buggy=buggy, fixed=fixed, test_only=test_only)
