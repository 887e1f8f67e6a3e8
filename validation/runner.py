"""Run pytest in a materialized workspace, inside a sandbox, and read the outcome.

One small function, ``run_pytest``, hides where the process runs: ``local`` is a plain subprocess in the
workspace (development only); any other name is a harness sandbox backend (``bwrap`` by default,
``docker``) reached through ``Sandbox.exec``.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.sandbox.backends.base import ExecResult, Limits, SandboxSpec
from harness.sandbox.deps import dependency_path

# Tests run as the harness verifier runs them (harness/verify.py): plain pytest, no third-party plugins,
# no cache folder, the workspace as rootdir, ``-P`` (the working directory is not put on sys.path by
# Python; pytest's own rootdir insertion is what imports the modules), the test files named.
PYTEST_ARGS = ("-q", "-p", "no:cacheprovider", "-o", "addopts=", "--color=no", "--rootdir", ".")
# The evidence run loads the recorder from a hidden folder in the workspace (pytest never collects it).
EVIDENCE_DIR = ".stepwise_evidence"
EVIDENCE_BOOT = (f"import sys; sys.path.insert(0, {EVIDENCE_DIR!r}); import pytest; "
                 "sys.exit(pytest.main(sys.argv[1:]))")
SUMMARY_COUNT = re.compile(r"(\d+) (passed|failed|errors?|xfailed|xpassed|skipped)")
SUMMARY_TIME = re.compile(r" in (\d+(?:\.\d+)?)s")


@dataclass
class PytestRun:
    returncode: int
    passed: int
    failed: int
    errors: int
    duration_s: float  # wall time of the whole process, interpreter start included
    timed_out: bool
    output: str
    reason: str | None = None
    tests_s: float | None = None  # the time pytest reports for the session itself

    @property
    def speed_s(self) -> float:
        """The time to judge a task's speed by: pytest's own, which machine load inflates least."""
        return self.tests_s if self.tests_s is not None else self.duration_s

    def summary(self) -> dict:
        return {"returncode": self.returncode, "passed": self.passed, "failed": self.failed,
                "errors": self.errors, "duration_s": round(self.duration_s, 3), "tests_s": self.tests_s,
                "timed_out": self.timed_out}

    def tail(self, lines: int = 6) -> str:
        return " | ".join(line for line in self.output.strip().splitlines()[-lines:] if line.strip())


def parse_counts(output: str) -> tuple[int, int, int]:
    """(passed, failed, errors) from pytest's final summary line."""
    for line in reversed(output.splitlines()):
        if " in " in line and SUMMARY_COUNT.search(line):
            counts = {word: int(n) for n, word in SUMMARY_COUNT.findall(line)}
            return (counts.get("passed", 0), counts.get("failed", 0),
                    counts.get("error", 0) + counts.get("errors", 0))
    return 0, 0, 0


def parse_session_time(output: str) -> float | None:
    for line in reversed(output.splitlines()):
        match = SUMMARY_TIME.search(line)
        if match and SUMMARY_COUNT.search(line):
            return float(match.group(1))
    return None


def _local_env(dependencies: Sequence[str]) -> dict[str, str]:
    """The variables a local run gets; a sandbox backend sets its own (and mounts the dependencies)."""
    env = {"PYTHONDONTWRITEBYTECODE": "1", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTHONUNBUFFERED": "1",
           "LANG": "C.UTF-8"}
    deps = dependency_path(list(dependencies)) if dependencies else None
    if deps is not None:
        env["PYTHONPATH"] = str(deps)
    return env


def _exec_local(workspace: Path, argv: list[str], timeout_s: float, env: dict[str, str]) -> ExecResult:
    full_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(workspace), **env}
    proc = subprocess.Popen(argv, cwd=workspace, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, text=True, errors="replace", start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout_s)
        return ExecResult(proc.returncode, out, err)
    except subprocess.TimeoutExpired:
        # Kill the whole process group: a deadlocked test may have started helpers of its own.
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return ExecResult(-signal.SIGKILL, out, err, timed_out=True,
                          reason=f"killed after {timeout_s:g}s (timeout_s)")


def pytest_targets(test_files: Sequence[str]) -> list[str]:
    """The test files pytest is pointed at, chosen as the verifier chooses them."""
    targets = sorted(n for n in test_files if Path(n).name.startswith("test") or n.endswith("_test.py"))
    return targets or sorted(n for n in test_files if n.endswith(".py"))


def pytest_argv(python: str, *, evidence: bool, test_files: Sequence[str] = ()) -> list[str]:
    targets = ["--", *pytest_targets(test_files)] if test_files else []
    if evidence:
        return [python, "-P", "-c", EVIDENCE_BOOT, *PYTEST_ARGS, "-p", "_stepwise_evidence", *targets]
    return [python, "-P", "-m", "pytest", *PYTEST_ARGS, *targets]


def _exec_sandboxed(sandbox: str, workspace: Path, evidence: bool, timeout_s: float,
                    dependencies: Sequence[str], protected: Sequence[str]) -> ExecResult:
    from harness.sandbox.backends import get_backend  # imported late: only sandboxed runs need it

    # service=False: validation only execs pytest, so no debug service is started.
    spec = SandboxSpec(workspace=workspace, arm="base", protected_files=tuple(protected),
                       dependencies=tuple(dependencies), service=False,
                       limits=Limits(wall_seconds=timeout_s + 60, tool_timeout_s=timeout_s))
    box = get_backend(sandbox).start(spec)
    try:
        # The interpreter as the sandbox sees it: the host venv's under bwrap, the image's under docker.
        python = getattr(box, "python_inside", None) or sys.executable
        return box.exec(pytest_argv(python, evidence=evidence, test_files=protected), timeout_s=timeout_s)
    finally:
        box.close()


def run_pytest(workspace: Path, *, timeout_s: float, sandbox: str = "local", dependencies: Sequence[str] = (),
               protected: Sequence[str] = (), evidence: bool = False) -> PytestRun:
    """Run the workspace's tests (``protected``: the task's test files) once; ``evidence`` loads the
    recorder plugin from EVIDENCE_DIR."""
    started = time.monotonic()
    if sandbox == "local":
        result = _exec_local(workspace, pytest_argv(sys.executable, evidence=evidence, test_files=protected),
                             timeout_s, _local_env(dependencies))
    else:
        result = _exec_sandboxed(sandbox, workspace, evidence, timeout_s, dependencies, protected)
    duration = time.monotonic() - started
    output = (result.stdout or "") + (result.stderr or "")
    passed, failed, errors = parse_counts(result.stdout or "")
    return PytestRun(returncode=result.returncode, passed=passed, failed=failed, errors=errors,
                     duration_s=duration, timed_out=result.timed_out, output=output, reason=result.reason,
                     tests_s=parse_session_time(result.stdout or ""))
