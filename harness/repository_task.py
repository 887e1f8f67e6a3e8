"""Episodes on repository tasks (real bugs): the workspace, the session's interpreter and environment,
and verification by the task's own node ids.

- The workspace is the repository at the buggy commit, hard-linked from the cached tree (no copy per
  episode), with the fix's test files written fresh and protected.
- ``bash``, ``python -m pytest`` and the debugger run the task environment's interpreter (built once,
  mounted read-only); the package imports from the workspace (``PYTHONPATH``), so breakpoints in its
  modules fire. A bare ``pytest`` runs the task's own test files (a protected wrapper first on PATH);
  with arguments it is pytest as usual.
- Verification: a fresh workspace gets the model's changes to non-test files (test files and files that
  steer pytest are never carried), then every ``fail_to_pass`` test must pass and every ``pass_to_pass``
  test still pass, run in the sandbox with the task's interpreter and the verdict guard loaded as for a
  small task (``harness.verdict.plugin`` in its ``repository`` mode, which imports on Python 3.6 and
  later): the tests' assertions are decided on plain data (an ``__eq__`` the model wrote decides
  nothing), a skip only by the task's marks, and the run's JUnit report and the guard's record must
  agree (docs/harness/verification.md). The model's changes are held to the patch scan
  (``harness.repository_scan``), as a small task's are: a suspicious one is never verified.
"""

from __future__ import annotations

import difflib
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from corpus.repository.environment import Environment, build_environment
from corpus.repository.task import RepositoryTask
from corpus.repository.testrun import PYTEST_OPTIONS, parse_outcomes, test_environment
from corpus.repository.workspace import RepositoryWorkspace, materialize_repository
from harness.repository_scan import scan_repository_changes
from harness.sandbox import paths
from harness.sandbox.backends.base import Sandbox
from harness.sandbox.protect import folders_on_the_way
from harness.verdict import record as verdict_record
from harness.verdict import trust as verdict_trust
from harness.verify import (
    IGNORED_PARTS,
    MAX_PATCH_FILE_BYTES,
    PLUGIN,
    REPORT_NAME,
    Verification,
    distrust_of,
    judged,
    read_junit,
    steers_pytest,
)

WRAPPER_DIR = ".stepwise/bin"
# ``python -B -c VERIFY_PYTEST LIB ARGS...``: pytest with the verdict guard's folder first on sys.path.
# ``pytest.main`` (not ``console_main``, pytest 5.3's) and no ``-P`` (Python 3.11's): the task's own
# interpreter may be Python 3.6 with pytest 3.
VERIFY_PYTEST = "import sys; sys.path.insert(0, sys.argv.pop(1)); import pytest; raise SystemExit(pytest.main())"
PROMPT = ("The working directory is the {project} repository at the commit with the bug. These tests fail: "
          "{failing}. Test files (read-only): {tests}. Run them with `python -m pytest` or a bare `pytest`.")


@dataclass
class RepositorySession:
    workspace: RepositoryWorkspace
    environment: Environment
    env: dict[str, str]  # the session's variables (inside the sandbox)


def pytest_wrapper(python: str, tests: list[str]) -> str:
    """``pytest`` with no test named runs the task's test files; with one, the arguments as given."""
    quoted = " ".join(f"'{t}'" for t in tests)
    return ("#!/bin/sh\n# Stepwise: a bare `pytest` runs this task's tests; name tests to run others.\n"
            "named=0\nfor a in \"$@\"; do case \"$a\" in -*) ;; *) named=1 ;; esac; done\n"
            f"if [ \"$named\" = 0 ]; then set -- \"$@\" {quoted}; fi\n"
            f"exec '{python}' -m pytest \"$@\"\n")


def prepare(task: RepositoryTask, dest: Path) -> RepositorySession:
    environment = build_environment(task.spec.environment)
    workspace = materialize_repository(task, dest)
    python = str(environment.python)
    wrapper = dest / WRAPPER_DIR / "pytest"
    wrapper.parent.mkdir(parents=True)
    test_files = sorted({node.split("::")[0] for node in task.spec.tests.all})
    wrapper.write_text(pytest_wrapper(python, test_files))
    wrapper.chmod(0o555)
    workspace.protected_files = sorted({*workspace.protected_files, f"{WRAPPER_DIR}/pytest"})
    env = test_environment(task.spec.environment, workspace=paths.WORKSPACE, python=python)
    env["PATH"] = f"{paths.WORKSPACE}/{WRAPPER_DIR}:{env['PATH']}"
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = ""  # the project's own pytest plugins load
    # Without the project's addopts, as the task's tests are defined (corpus.repository.testrun): coverage or
    # lint flags there need plugins the environment may lack (cookiecutter's --cov stopped the debugger).
    env["PYTEST_ADDOPTS"] = "-o addopts="
    return RepositorySession(workspace, environment, env)


def prompt(task: RepositoryTask) -> str:
    tests = task.spec.tests
    return (f"Bug report: {task.description.strip()}\n\n"
            + PROMPT.format(project=task.spec.repo.name, failing=", ".join(tests.fail_to_pass),
                            tests=", ".join(tests.files))
            + "\nFind the cause in the package's code and fix it there; do not change the tests. Call done when fixed.")


def _files(root: Path) -> dict[str, Path]:
    found = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in IGNORED_PARTS and not (Path(dirpath) == root and d == ".stepwise")]
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_file() and not path.is_symlink():
                found[path.relative_to(root).as_posix()] = path
    return found


def _read(path: Path) -> bytes | None:
    try:
        if path.stat().st_size > MAX_PATCH_FILE_BYTES:
            return None
        return path.read_bytes()
    except OSError:
        return None


def _diff(name: str, old: bytes | None, new: bytes | None) -> str:
    before = (old or b"").decode("utf-8", errors="replace").splitlines(keepends=True)
    after = (new or b"").decode("utf-8", errors="replace").splitlines(keepends=True)
    return "".join(difflib.unified_diff(before, after, f"a/{name}" if old is not None else "/dev/null",
                                        f"b/{name}" if new is not None else "/dev/null"))


def _trusted(fresh: Path, carried: dict[str, tuple[bytes | None, bytes | None]], tests: set[str],
             published: Path | None = None) -> list[str]:
    """The comparison methods the verdict may call (``harness.verdict.trust``): every one in the package's
    Python files (not the tests') that the model's changes left as the task shipped it, or made exactly as
    the published fix has it (``published``: the fixed tree; a fix may be an ``__eq__``, thefuck 24's)."""
    originals, current = {}, {}
    for name, path in _files(fresh).items():
        if not name.endswith(".py") or name in tests or name in carried:
            continue
        data = _read(path)
        if data is not None:
            originals[name] = current[name] = data.decode("utf-8", errors="replace")
    for name, (old, new) in carried.items():
        if name.endswith(".py") and old is not None and new is not None:
            originals[name], current[name] = old.decode("utf-8", errors="replace"), new.decode("utf-8", errors="replace")
    entries = set(verdict_trust.trusted_methods(originals, current))
    if published is not None:
        fixed = {name: (published / name).read_text(errors="replace") for name in carried
                 if name.endswith(".py") and name in current and (published / name).is_file()}
        entries |= set(verdict_trust.trusted_methods(fixed, {name: current[name] for name in fixed}))
    return sorted(entries)


def open_beside_tests(root: Path, protected: list[str]) -> None:
    """Every folder of the fresh workspace writable by the sandbox user (tests make temp files beside the
    code); the folders on the way to a test file sticky as well (1777, as ``harness.sandbox.protect`` makes
    a small task's): the sandbox user adds its own files there but can neither remove nor rename the
    host's, so code under test cannot swap a test file, or the data a test reads, for its own."""
    guarded = folders_on_the_way(root, protected)
    for dirpath, _dirs, _names in os.walk(root):
        os.chmod(dirpath, 0o1777 if Path(dirpath) in guarded else 0o777)


def verify_repository_safely(sandbox: Sandbox, session: RepositorySession, task: RepositoryTask) -> Verification:
    """``verify_repository``, whose own failure never loses the episode."""
    try:
        return verify_repository(sandbox, session, task)
    except Exception as exc:  # noqa: BLE001
        return Verification(verified=False, passed=0, failed=0, patch=None, outcome="not_run",
                            reason=f"verification could not run: {type(exc).__name__}: {exc}")


def verify_repository(sandbox: Sandbox, session: RepositorySession, task: RepositoryTask, *,
                      timeout_s: float = 300) -> Verification:
    started = time.monotonic()
    protected = set(session.workspace.protected_files)
    work = Path(tempfile.mkdtemp(prefix="stepwise-verify-repo-"))
    try:
        fresh = materialize_repository(task, work / "workspace")
        mine, theirs = _files(Path(sandbox.workspace)), _files(fresh.path)
        patch, restored, removed = [], [], []
        carried: dict[str, tuple[bytes | None, bytes | None]] = {}
        for name in sorted(set(mine) | set(theirs)):
            new = _read(mine[name]) if name in mine else None
            old = _read(theirs[name]) if name in theirs else None
            if name in mine and name in theirs and new == old:
                continue
            if name in protected:
                restored.append(name)
                continue
            if steers_pytest(name):
                removed.append(name)
                continue
            target = fresh.path / name
            if name not in mine:
                target.unlink()
            elif new is None:
                continue  # too big (or gone) to read: left as the fresh tree has it
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                if target.exists():
                    target.unlink()  # a hard link into the cache: replaced, never written through
                target.write_bytes(new)
            carried[name] = (old, new)
            patch.append(_diff(name, old, new))
        findings = scan_repository_changes(carried)
        open_beside_tests(fresh.path, fresh.protected_files)
        python = str(session.environment.python)
        node_ids = list(task.spec.tests.all)
        tests = sorted({*task.spec.tests.files, *(node.split("::")[0] for node in node_ids)})
        out_dir = work / "out"
        out_dir.mkdir()
        out_dir.chmod(0o777)  # the sandbox uid writes the report here
        (out_dir / verdict_trust.NAME).write_text(verdict_trust.dumps(_trusted(fresh.path, carried, set(tests), task.tree("fixed"))))
        inside_out = sandbox.inside.output_for(out_dir)
        argv = [python, "-B", "-c", VERIFY_PYTEST, sandbox.inside.lib,
                *PYTEST_OPTIONS, "-p", PLUGIN, f"--stepwise-tests={','.join(tests)}",
                f"--stepwise-out={inside_out}", "--stepwise-guard=repository",
                f"--junitxml={inside_out}/{REPORT_NAME}", "--", *node_ids]
        with sandbox.paused():
            result = sandbox.exec(argv, timeout_s=timeout_s, workspace=fresh.path, output_dir=out_dir,
                                  env={k: v for k, v in session.env.items() if k != "PATH"})
        output = (result.stdout or "") + (result.stderr or "")
        outcomes = parse_outcomes(output)
        counts = read_junit(out_dir / REPORT_NAME)
        verdict = verdict_record.read(out_dir)

        def passed(node: str) -> bool:
            found = {k: v for k, v in outcomes.items() if k == node or k.startswith((node + "::", node + "["))}
            return bool(found) and all(v in ("PASSED", "SKIPPED", "XFAIL") for v in found.values())

        failing = [n for n in node_ids if not passed(n)]
        reason = None
        if result.timed_out:
            reason = "the tests ran past the time limit"
        elif failing:
            reason = f"{len(failing)} of the task's tests do not pass: {', '.join(failing[:5])}"
        elif counts is None:
            reason = f"pytest wrote no report (exit status {result.returncode})"
        else:
            failed = counts["failures"] + counts["errors"]
            reason = distrust_of(verdict, counts, counts["tests"] - failed - counts["skipped"], result.returncode)
            if reason is None and (failed or result.returncode != 0):
                reason = f"{failed} test(s) failed or errored (exit status {result.returncode})"
        verified = reason is None
        return judged(Verification(verified=verified, passed=len(node_ids) - len(failing), failed=len(failing),
                                   patch="".join(patch), reason=reason, restored=restored, removed=removed,
                                   returncode=result.returncode, duration_ms=(time.monotonic() - started) * 1000,
                                   output=output[-4000:], outcome="passed" if verified else
                                   ("hang" if result.timed_out else "failed"),
                                   suspicious_patch=[f.to_dict() for f in findings]), findings)
    finally:
        shutil.rmtree(work, ignore_errors=True)
