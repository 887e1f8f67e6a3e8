"""Independent verification: whether the bug is fixed is decided here, never by the model's ``done``.

``verify(sandbox, workspace, task)``:
1. records the patch: a unified diff of the workspace's modules against what was materialized
   (buggy and shared modules; new files the agent added; deleted ones), tests excluded;
2. puts the original test files back (so an edited or replaced test can never count) and removes
   what could steer pytest from the workspace: an added ``conftest.py``, ``pytest.ini`` and the like,
   ``sitecustomize.py``, ``*.pth``, a module named like a stdlib or pytest module (``json.py``);
3. pauses the episode's own processes, then runs a fresh ``python -P -m pytest`` on the task's test
   files inside the same sandbox (``Sandbox.exec``), writing a JUnit XML report to a folder only that
   process can see;
4. reads passed/failed from the report, not from printed text. Solved means: a report, at least one
   test passed, none failed or errored, pytest exited 0.

A run the time limit stops is a hang (``outcome: "hang"``): a failure of its own kind, with where each
thread was stuck (pytest's faulthandler dump, taken at half the limit). On a hang task (``failure:
"hang"``) an unfixed workspace always ends so, so its limit is shorter: twice ``timeout_s``, at least
HANG_LIMIT_S, rather than twice ``timeout_s``, at least 60 s.
"""

from __future__ import annotations

import difflib
import shutil
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from dataclasses import asdict, dataclass, field
from pathlib import Path

from corpus.format import Task
from corpus.materialize import Workspace
from harness.hang import dump_options, progress_counts, stuck_frames
from harness.pytest_files import pytest_targets
from harness.sandbox.backends.base import Sandbox, SandboxError
from harness.sandbox.protect import restore_files

# Files an agent could add to change how pytest collects or runs, rather than fixing the code.
STEERING_NAMES = {"conftest.py", "pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml", "sitecustomize.py",
                  "usercustomize.py", ".pytest.ini"}
SHADOWED_PACKAGES = {"pytest", "_pytest", "py", "pluggy", "iniconfig", "packaging"}
IGNORED_PARTS = {"__pycache__", ".pytest_cache", ".git", ".mypy_cache", ".ruff_cache", ".hypothesis"}
REPORT_NAME = "report.xml"
MAX_PATCH_FILE_BYTES = 512 * 1024
LIMIT_S = 60.0  # the least time a test run gets (machine load), unless the task hangs when unfixed
HANG_LIMIT_S = 20.0  # the least for a hang task: its correct version passes in a few seconds
OUTCOMES = ("passed", "failed", "hang", "stopped", "not_run")


@dataclass
class Verification:
    verified: bool
    passed: int
    failed: int
    patch: str
    reason: str | None = None  # why it is not verified, in plain words; None when it is
    errors: int = 0  # of ``failed``, the ones that errored (collection, fixtures) rather than failed
    skipped: int = 0
    restored: list[str] = field(default_factory=list)  # test files that had changed and were put back
    removed: list[str] = field(default_factory=list)  # files removed because they could steer pytest
    returncode: int | None = None
    duration_ms: float = 0.0
    output: str = ""  # the tail of pytest's output, for people reading a failed verification
    # passed | failed | hang (stopped by the time limit) | stopped (another sandbox limit) | not_run
    outcome: str = "failed"
    stuck_at: list[str] = field(default_factory=list)  # a hang: each thread's innermost workspace frame

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def tests(self) -> dict:
        """The trajectory's ``result.tests`` shape."""
        return {"passed": self.passed, "failed": self.failed}


def _readable(path: Path) -> str | None:
    try:
        if path.stat().st_size > MAX_PATCH_FILE_BYTES:
            return None
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def workspace_files(root: Path) -> dict[str, Path]:
    files = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if path.is_file() and not path.is_symlink() and not IGNORED_PARTS & set(relative.parts) \
                and not path.name.endswith((".pyc", ".pyo")):
            files[relative.as_posix()] = path
    return files


def make_patch(root: Path, originals: dict[str, str], tests: set[str]) -> str:
    """A unified diff from ``originals`` (name -> text) to what is in ``root`` now, tests left out."""
    current = {name: path for name, path in workspace_files(root).items() if name not in tests}
    chunks = []
    for name in sorted(set(current) | set(originals)):
        if name in tests:
            continue
        before = originals.get(name)
        after = _readable(current[name]) if name in current else None
        if name in current and after is None:
            chunks.append(f"Binary or oversized file {name} differs\n")
            continue
        if before == after:
            continue
        diff = difflib.unified_diff((before or "").splitlines(keepends=True), (after or "").splitlines(keepends=True),
                                    fromfile="/dev/null" if before is None else f"a/{name}",
                                    tofile="/dev/null" if after is None else f"b/{name}")
        text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in diff)
        chunks.append(text)
    return "".join(chunks)


def _shadows_a_module(relative: str) -> bool:
    """An added top-level module or package named like the stdlib or pytest's own modules would be
    imported in their place once pytest puts the workspace on sys.path."""
    first = relative.split("/", 1)[0]
    stem = first[:-3] if first.endswith(".py") else first
    if "/" not in relative and not first.endswith(".py"):
        return False
    return stem in sys.stdlib_module_names or stem in SHADOWED_PACKAGES


def remove_steering_files(root: Path, allowed: set[str]) -> list[str]:
    removed = []
    for name, path in workspace_files(root).items():
        if name in allowed:
            continue
        if path.name in STEERING_NAMES or path.suffix == ".pth" or _shadows_a_module(name):
            path.unlink()
            removed.append(name)
    return removed


def read_junit(path: Path) -> dict | None:
    """Counts from a JUnit XML report (``testsuites`` or a bare ``testsuite``), or None if unreadable."""
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError):
        return None
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    if not suites:
        return None
    counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for suite in suites:
        for key in counts:
            counts[key] += int(suite.get(key, 0) or 0)
    return counts


def time_limit(task: Task) -> float:
    """How long the verifier's test run may take."""
    return max(HANG_LIMIT_S if task.hangs else LIMIT_S, 2 * float(task.timeout_s))


def verify(sandbox: Sandbox, workspace: Workspace, task: Task, *, timeout_s: float | None = None) -> Verification:
    started = time.perf_counter()
    root = Path(sandbox.workspace)
    tests = dict(workspace.test_files or task.test_files)
    originals = {**task.shared_files, **workspace.buggy_files}
    patch = make_patch(root, originals, set(tests))
    restored = restore_files(root, tests)
    removed = remove_steering_files(root, allowed=set(tests) | set(originals))
    test_args = pytest_targets(tests)
    ini_shipped = any(Path(name).name in STEERING_NAMES - {"conftest.py"} for name in tests)
    out_dir = Path(tempfile.mkdtemp(prefix="stepwise-verify-"))
    inside_out = sandbox.inside.output_for(out_dir)
    try:
        out_dir.chmod(0o777)  # the sandbox uid writes the report here
        (out_dir / "pytest.ini").write_text("[pytest]\n")
        argv = [sandbox.inside.python, "-P", "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rN", "--color=no",
                f"--junitxml={inside_out}/{REPORT_NAME}", "-o", "junit_family=xunit2",
                "--rootdir", sandbox.inside.workspace]
        if not ini_shipped:
            argv += ["-c", f"{inside_out}/pytest.ini"]
        limit = timeout_s if timeout_s is not None else time_limit(task)
        argv += [*dump_options(limit), "--", *test_args]
        try:
            with sandbox.paused():
                result = sandbox.exec(argv, timeout_s=limit, output_dir=out_dir)
        except SandboxError as exc:
            return Verification(verified=False, passed=0, failed=0, patch=patch, restored=restored, removed=removed,
                                reason=f"the tests could not be run: {exc}", outcome="not_run",
                                duration_ms=(time.perf_counter() - started) * 1000)
        counts = read_junit(out_dir / REPORT_NAME)
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)
    output = (result.stdout + result.stderr)[-4000:]
    base = {"patch": patch, "restored": restored, "removed": removed, "returncode": result.returncode,
            "duration_ms": (time.perf_counter() - started) * 1000, "output": output}
    if result.timed_out:
        # Killed before pytest wrote its report: counts from its progress marks, the running test failed.
        passed, failed = progress_counts(result.stdout)
        stuck = stuck_frames(result.stderr, workspace_files(root))
        where = f"; stuck at {', '.join(stuck)}" if stuck else ""
        return Verification(verified=False, passed=passed, failed=failed, outcome="hang", stuck_at=stuck,
                            reason=f"the tests hung: stopped after {limit:g}s{where}", **base)
    if counts is None:
        reason = result.reason or f"pytest wrote no report (exit status {result.returncode})"
        return Verification(verified=False, passed=0, failed=0, reason=f"no test result: {reason}",
                            outcome="stopped" if result.reason else "failed", **base)
    failed = counts["failures"] + counts["errors"]
    passed = counts["tests"] - failed - counts["skipped"]
    reason = None
    if result.timed_out or result.reason:
        reason = f"the test run was stopped: {result.reason}"
    elif failed:
        reason = f"{failed} test(s) failed or errored"
    elif passed <= 0:
        reason = "no test passed (none ran, or all were skipped)"
    elif result.returncode != 0:
        reason = f"pytest exited with status {result.returncode}"
    outcome = "passed" if reason is None else "stopped" if result.reason else "failed"
    return Verification(verified=reason is None, passed=passed, failed=failed, reason=reason, outcome=outcome,
                        errors=counts["errors"], skipped=counts["skipped"], **base)
