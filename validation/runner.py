"""Run pytest in a materialized workspace, inside a sandbox, and read the outcome.

One small function, ``run_pytest``, runs it through ``Sandbox.exec`` of a harness sandbox: from a
``SandboxPool`` (what ``validate_all`` passes), a backend, or a backend name (``bwrap``, ``docker``, or
``local``: a plain subprocess with rlimits, development only).
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.hang import crashed_in_dump
from harness.pytest_files import pytest_targets
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import SandboxSource, SandboxSpec

# Tests run as the harness verifier runs them (harness/verify.py): plain pytest, no third-party plugins,
# no cache folder, the workspace as rootdir, ``-P`` (the working directory is not put on sys.path by
# Python; pytest's own rootdir insertion is what imports the modules), the test files named.
PYTEST_ARGS = ("-q", "-p", "no:cacheprovider", "-o", "addopts=", "--color=no", "--rootdir", ".")
# Validation's own plugins (the evidence recorder, the test-order plugin) are copied into a hidden
# folder of the workspace, which pytest never collects, and loaded from there with ``-p``.
PLUGIN_DIR = ".stepwise_validation"
PLUGIN_BOOT = (f"import sys; sys.path.insert(0, {PLUGIN_DIR!r}); import pytest; "
               "sys.exit(pytest.main(sys.argv[1:]))")
SUMMARY_COUNT = re.compile(r"(\d+) (passed|failed|errors?|xfailed|xpassed|skipped)")
SUMMARY_TIME = re.compile(r" in (\d+(?:\.\d+)?)s")
# A line of pytest's short summary (``-rfE``, its default): "FAILED test_x.py::TestY::test_z[1] - ...".
FAILED_TEST = re.compile(r"^(?:FAILED|ERROR) (?P<file>[^\s:]+\.py)::(?:\w+::)*(?P<name>\w+)", re.MULTILINE)


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
    order: str = "file order"  # the order the tests ran in (validation.order)

    @property
    def speed_s(self) -> float:
        """The time to judge a task's speed by: pytest's own, which machine load inflates least."""
        return self.tests_s if self.tests_s is not None else self.duration_s

    def summary(self) -> dict:
        return {"returncode": self.returncode, "passed": self.passed, "failed": self.failed,
                "errors": self.errors, "duration_s": round(self.duration_s, 3), "tests_s": self.tests_s,
                "timed_out": self.timed_out, "order": self.order}

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


def parse_failed_tests(output: str) -> list[str]:
    """``file::function`` of each failed or errored test in pytest's short summary, in order, once."""
    return list(dict.fromkeys(f"{m['file']}::{m['name']}" for m in FAILED_TEST.finditer(output)))


def parse_session_time(output: str) -> float | None:
    for line in reversed(output.splitlines()):
        match = SUMMARY_TIME.search(line)
        if match and SUMMARY_COUNT.search(line):
            return float(match.group(1))
    return None


def pytest_argv(python: str, *, plugins: Sequence[str] = (), options: Sequence[str] = (),
                test_files: Sequence[str] = ()) -> list[str]:
    """Plain pytest, or (with ``plugins``: module names in PLUGIN_DIR) pytest with those plugins loaded."""
    targets = ["--", *pytest_targets(test_files)] if test_files else []
    loaded = [arg for name in plugins for arg in ("-p", name)]
    if plugins:
        return [python, "-P", "-c", PLUGIN_BOOT, *PYTEST_ARGS, *options, *loaded, *targets]
    return [python, "-P", "-m", "pytest", *PYTEST_ARGS, *options, *targets]


def run_pytest(workspace: Path, *, timeout_s: float, sandbox: str | SandboxSource = "local",
               dependencies: Sequence[str] = (), protected: Sequence[str] = (), plugins: Sequence[str] = (),
               options: Sequence[str] = (), order: str = "file order") -> PytestRun:
    """Run the workspace's tests (``protected``: the task's test files) once, in a sandbox from
    ``sandbox`` (a pool, a backend, or a backend name); ``plugins`` are loaded from PLUGIN_DIR,
    ``options`` go to pytest (``-o name=value``), ``order`` labels the run."""
    source = get_backend(sandbox) if isinstance(sandbox, str) else sandbox
    started = time.monotonic()
    # service=False: validation only execs pytest, so no debug service is started. The process's
    # own timeout bounds it; the sandbox's other limits are the defaults a pool is filled with.
    spec = SandboxSpec(workspace=workspace, arm="base", protected_files=tuple(protected),
                       dependencies=tuple(dependencies), service=False)
    box = source.acquire(spec)
    try:
        result = box.exec(pytest_argv(box.inside.python, plugins=plugins, options=options, test_files=protected),
                          timeout_s=timeout_s)
    finally:
        # Closed before the workspace is read: with a disk quota the files (the evidence recorder's
        # observations) come back from the tmpfs only when the sandbox closes.
        source.release(box, wait=True)
        if source is not sandbox:
            source.close()
    duration = time.monotonic() - started
    output = (result.stdout or "") + (result.stderr or "")
    passed, failed, errors = parse_counts(result.stdout or "")
    timed_out, reason = result.timed_out, result.reason
    if crashed_in_dump(result):
        timed_out, reason = True, (f"a test ran past half of the limit and the interpreter crashed (exit "
                                   f"{result.returncode}) while dumping its threads: counted as stopped by the limit")
    return PytestRun(returncode=result.returncode, passed=passed, failed=failed, errors=errors,
                     duration_s=duration, timed_out=timed_out, output=output, reason=reason,
                     tests_s=parse_session_time(result.stdout or ""), order=order)
