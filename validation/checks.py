"""Validate one task: the static checks, then buggy / correct / evidence runs in fresh sandboxed
workspaces. Every problem becomes a plain reason on the task's verdict; nothing here raises for a bad
task."""

from __future__ import annotations

import difflib
import shutil
import tempfile
from pathlib import Path

from corpus.format import Task, TaskFormatError, load_task
from corpus.materialize import materialize, strip_bug_markers
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import SandboxError, SandboxSource
from harness.sandbox.deps import DependencyInstallError
from validation.evidence import (
    evidence_problems,
    install_recorder,
    read_observed,
    static_evidence_problems,
)
from validation.hints import find_hint_comments
from validation.report import TaskVerdict
from validation.runner import PytestRun, run_pytest

DEFAULT_SANDBOX = "bwrap"
DEFAULT_MAX_SECONDS = 6.0  # "a task runs in under a few seconds" (pytest's session time, see PytestRun)


def _static_problems(task: Task) -> list[str]:
    problems = []
    buggy, correct = task.buggy_files, task.correct_files
    if set(buggy) != set(correct):
        only_buggy, only_correct = sorted(set(buggy) - set(correct)), sorted(set(correct) - set(buggy))
        problems.append(f"buggy/ and correct/ must hold the same file names (only in buggy/: "
                        f"{only_buggy or 'none'}; only in correct/: {only_correct or 'none'})")
    changed = [name for name in sorted(set(buggy) & set(correct))
               if list(difflib.unified_diff(strip_bug_markers(buggy[name]).splitlines(),
                                            correct[name].splitlines(), n=0))]
    if set(buggy) == set(correct) and not changed:
        problems.append("the fix is empty: buggy/ and correct/ hold the same code once '# BUG:' markers "
                        "are stripped")
    problems += [hint.describe() for hint in find_hint_comments(buggy)]
    workspace_files = {**task.shared_files, **{n: strip_bug_markers(t) for n, t in buggy.items()},
                       **task.test_files}
    if not task.evidence:
        problems.append("meta: evidence: empty; every task needs at least one runtime observation "
                        "{file, line, expression, observed, why} that reveals the bug")
    problems += static_evidence_problems(task.evidence, workspace_files)
    return problems


def _describe_failure(kind: str, run: PytestRun, task: Task) -> str | None:
    """Why a run did not end the way its variant must (buggy: tests fail; correct: all pass)."""
    if run.timed_out:
        return (f"{kind} run did not finish within timeout_s={task.timeout_s:g}s; a test that waits must "
                "fail on its own (join/acquire/wait_for with a timeout)")
    if run.returncode in (2, 3, 4):
        return f"{kind} run could not run its tests (pytest exit {run.returncode}): {run.tail()}"
    if run.returncode == 5:
        return f"{kind} run collected no tests: test files must be named test_*.py with test_* functions"
    if kind == "buggy" and run.returncode == 0:
        return f"buggy version passes all {run.passed} tests; it must fail at least one"
    if kind == "buggy" and run.returncode == 1 and run.failed == 0:
        return f"buggy version fails only with errors outside tests: {run.tail()}"
    if kind == "correct" and run.returncode != 0:
        return f"correct version fails ({run.failed} failed, {run.errors} errors): {run.tail()}"
    if run.returncode not in (0, 1):
        return f"{kind} run ended with exit {run.returncode}: {run.reason or run.tail()}"
    return None


def _run_variant(task: Task, root: Path, variant: str, *, sandbox: SandboxSource,
                 evidence: bool = False) -> tuple[PytestRun, Path]:
    """Materialize ``variant`` into a fresh folder under ``root`` and run its tests there."""
    dest = root / (f"{variant}-evidence" if evidence else variant)
    workspace = materialize(task, dest, variant=variant)
    if evidence:
        install_recorder(workspace.path, task.evidence)
    run = run_pytest(workspace.path, timeout_s=task.timeout_s, sandbox=sandbox, dependencies=task.dependencies,
                     protected=workspace.protected_files, evidence=evidence)
    return run, workspace.path


def validate_task(task_or_path: Task | str | Path, *, sandbox: str | SandboxSource = DEFAULT_SANDBOX,
                  max_seconds: float = DEFAULT_MAX_SECONDS, repeat: int = 1) -> TaskVerdict:
    """The verdict for one task; a malformed task is a failed verdict with the loader's reason.

    ``repeat`` runs buggy and correct that many times each (a race must fail the same way every time).
    ``sandbox`` is where the runs happen: a pool (``validate_all`` passes one), a backend, or a name.
    """
    if isinstance(task_or_path, Task):
        task = task_or_path
    else:
        try:
            task = load_task(task_or_path)
        except TaskFormatError as exc:
            verdict = TaskVerdict(exc.task)
            verdict.reject(f"meta: {exc.field}: {exc.reason}")
            return verdict
    verdict = TaskVerdict(task.name)
    name = sandbox if isinstance(sandbox, str) else sandbox.name
    source = None
    try:
        source = get_backend(sandbox) if isinstance(sandbox, str) else sandbox
        for problem in _static_problems(task):
            verdict.reject(problem)
        root = Path(tempfile.mkdtemp(prefix=f"stepwise-validate-{task.name}-"))
        try:
            _dynamic_checks(task, verdict, root, sandbox=source, max_seconds=max_seconds, repeat=max(1, repeat))
        finally:
            shutil.rmtree(root, ignore_errors=True)
    except DependencyInstallError as exc:
        verdict.reject(f"dependencies: {exc}")
    except SandboxError as exc:
        verdict.reject(f"sandbox {name!r} failed: {exc}")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        verdict.reject(f"could not materialize the task: {exc}")
    finally:
        if source is not None and source is not sandbox:
            source.close()
    return verdict


def _dynamic_checks(task: Task, verdict: TaskVerdict, root: Path, *, sandbox: SandboxSource, max_seconds: float,
                    repeat: int) -> None:
    for variant in ("buggy", "correct"):
        for attempt in range(1, repeat + 1):
            run, _ = _run_variant(task, root / f"run{attempt}", variant, sandbox=sandbox)
            verdict.runs[variant if attempt == 1 else f"{variant}#{attempt}"] = run.summary()
            problem = _describe_failure(variant, run, task)
            if problem is None and run.speed_s > max_seconds:
                problem = (f"{variant} tests took {run.speed_s:.1f}s; a task must run in under "
                           f"{max_seconds:g}s (it is run many times during data generation)")
            if problem:
                # Repeats catch races: an outcome that changes between runs is not a deterministic task.
                verdict.reject(problem if attempt == 1 else f"flaky: run {attempt} of {repeat}: {problem}")
                break
    if not task.evidence or any(r.startswith("evidence[") for r in verdict.reasons):
        return
    run, workspace = _run_variant(task, root, "buggy", sandbox=sandbox, evidence=True)
    verdict.runs["evidence"] = run.summary()
    observed = read_observed(workspace)
    for i, item in enumerate(task.evidence):
        entry = observed.get(i, {})
        got = entry.get("repr")
        verdict.evidence.append({"file": item.file, "line": item.line, "expression": item.expression,
                                 "observed": item.observed, "got": got, "error": entry.get("error"),
                                 "holds": got == item.observed})
    for problem in evidence_problems(task.evidence, observed):
        verdict.reject(problem)
