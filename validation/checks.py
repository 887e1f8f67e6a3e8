"""Validate one task: the static checks, then buggy / correct / evidence runs in fresh sandboxed
workspaces. Every problem becomes a plain reason on the task's verdict; nothing here raises for a bad
task."""

from __future__ import annotations

import ast
import difflib
import shutil
import tempfile
from pathlib import Path

from corpus.format import Task, TaskFormatError, load_task
from corpus.materialize import materialize, strip_bug_markers
from harness.hang import dump_options, hung_tests, stuck_frames
from harness.sandbox.backends import DEFAULT_BACKEND, get_backend
from harness.sandbox.backends.base import SandboxError, SandboxSource
from harness.sandbox.deps import DependencyInstallError
from validation.evidence import (
    evidence_problems,
    install_recorder,
    read_observed,
    static_evidence_problems,
)
from validation.hints import find_hint_comments
from validation.order import FILE_ORDER, RunOrder, install_order, orders_for
from validation.quality.fix_probes import GATING_KINDS, probe_task, variants_for
from validation.report import TaskVerdict
from validation.runner import PytestRun, parse_failed_tests, run_pytest

DEFAULT_MAX_SECONDS = 6.0  # "a task runs in under a few seconds" (pytest's session time, see PytestRun)
# More buggy runs of a hang task when a run gave no stuck frame: faulthandler's dump (from a watchdog
# thread, while the others run) can crash the interpreter, or start too late on a loaded machine.
STUCK_RETRIES = 2


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
    problems += _nose_style_problems(task.test_files)
    return problems


# Module-level functions pytest < 8 calls around a test module (nose-style; pytest 8 does not): a helper
# with one of these names runs differently under the Docker image's Debian pytest than under bwrap's.
NOSE_NAMES = ("setup", "teardown", "setUp", "tearDown")


def _nose_style_problems(test_files: dict[str, str]) -> list[str]:
    problems = []
    for name, text in sorted(test_files.items()):
        if not name.endswith(".py"):
            continue
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue  # the pytest runs report it
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in NOSE_NAMES:
                problems.append(f"{name}:{node.lineno}: a module-level function named {node.name!r} is called by "
                                "pytest before 8 as a nose-style module set-up (with the module as its argument), "
                                "not by pytest 8, so the task behaves differently between sandboxes; rename it "
                                f"(e.g. make_{node.name.lower()}) or use a fixture")
    return problems


def _describe_failure(kind: str, run: PytestRun, task: Task) -> str | None:
    """Why a run did not end the way its variant must (buggy: tests fail, or hang when the task says
    so; correct: all pass)."""
    if kind == "buggy" and task.hangs:
        if run.timed_out:
            return None
        return (f"meta says \"failure\": \"hang\", but the buggy run ended on its own within "
                f"timeout_s={task.timeout_s:g}s (exit {run.returncode}: {run.passed} passed, {run.failed} failed, "
                f"{run.errors} errors); a hang task's buggy tests must block until the time limit stops them "
                "(drop \"failure\" if they fail instead)")
    if run.timed_out:
        if kind == "buggy":
            return (f"buggy run did not finish within timeout_s={task.timeout_s:g}s; a test that waits must fail "
                    "on its own (join/acquire/wait_for with a timeout), or, when the hang is the bug, declare "
                    "\"failure\": \"hang\" in meta.json")
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


def _run_variant(task: Task, root: Path, variant: str, *, sandbox: SandboxSource, order: RunOrder = FILE_ORDER,
                 evidence: bool = False) -> tuple[PytestRun, Path]:
    """Materialize ``variant`` into a fresh folder under ``root`` and run its tests there, in ``order``."""
    dest = root / (f"{variant}-evidence" if evidence else variant)
    workspace = materialize(task, dest, variant=variant)
    plugins = install_order(workspace.path, order)
    if evidence:
        plugins += install_recorder(workspace.path, task.evidence)
    run = run_pytest(workspace.path, timeout_s=task.timeout_s, sandbox=sandbox, dependencies=task.dependencies,
                     protected=workspace.protected_files, plugins=plugins, options=dump_options(task.timeout_s),
                     order=order.label)
    return run, workspace.path


def validate_task(task_or_path: Task | str | Path, *, sandbox: str | SandboxSource = DEFAULT_BACKEND,
                  max_seconds: float = DEFAULT_MAX_SECONDS, repeat: int = 1,
                  order: RunOrder = FILE_ORDER, fix_probes: bool = True) -> TaskVerdict:
    """The verdict for one task; a malformed task is a failed verdict with the loader's reason.

    ``repeat`` runs buggy and correct that many times each (a race must fail the same way every time),
    each time in another test order (``validation.order.orders_for``: ``order`` first); the evidence
    must hold in each of those orders.
    ``sandbox`` is where the runs happen: a pool (``validate_all`` passes one), a backend, or a name.
    ``fix_probes``: also run the tests against the plausible wrong fixes and the equivalent rewrites of
    the fix (``validation.quality.fix_probes``); a wrong fix accepted or a right one rejected fails it.
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
            orders = [o.for_task(task.name) for o in orders_for(order, max(1, repeat))]
            _dynamic_checks(task, verdict, root, sandbox=source, max_seconds=max_seconds, orders=orders)
            if fix_probes and verdict.ok:
                _fix_probe_checks(task, verdict, sandbox=source)
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
                    orders: list[RunOrder]) -> None:
    files = [*task.shared_files, *task.buggy_files, *task.test_files]
    for variant in ("buggy", "correct"):
        for attempt, order in enumerate(orders, 1):
            run, _ = _run_variant(task, root / f"run{attempt}", variant, sandbox=sandbox, order=order)
            summary = verdict.runs[variant if attempt == 1 else f"{variant}#{attempt}"] = run.summary()
            problem = _describe_failure(variant, run, task)
            hung = variant == "buggy" and task.hangs and run.timed_out
            if variant == "buggy":
                # Where the failure is reported (corpus.distance measures from there).
                summary["failing_tests"] = (hung_tests(run.output, task.test_files) if hung
                                            else parse_failed_tests(run.output))
            if hung:
                summary["stuck_at"], retries = _stuck_at(task, run, files, root / f"run{attempt}-stuck",
                                                         sandbox=sandbox, order=order)
                if retries:
                    summary["stuck_retries"] = retries
                verdict.hang = verdict.hang or {"stopped_after_s": task.timeout_s, "stuck_at": summary["stuck_at"]}
            elif problem is None and run.speed_s > max_seconds:
                problem = (f"{variant} tests took {run.speed_s:.1f}s; a task must run in under "
                           f"{max_seconds:g}s (it is run many times during data generation)")
            if problem:
                # Repeats catch races and order dependence: an outcome that changes between runs is a defect.
                verdict.reject(problem if attempt == 1 else
                               f"flaky: run {attempt} of {len(orders)} ({order.label}): {problem}")
                break
    if not task.evidence or any(r.startswith("evidence[") for r in verdict.reasons):
        return
    for number, order in enumerate(orders, 1):  # in every order the runs used
        _check_evidence(task, verdict, root / f"evidence{number}", sandbox=sandbox, order=order, first=number == 1)


def _fix_probe_checks(task: Task, verdict: TaskVerdict, *, sandbox: SandboxSource) -> None:
    variants = [v for v in variants_for(task) if v.kind in GATING_KINDS]
    if not variants:
        return
    outcomes = probe_task(task, sandbox=sandbox, variants=variants)
    verdict.runs["fix_probes"] = {"wrong_fixes": sum(1 for o in outcomes if not o.must_pass_kind),
                                  "equivalents": sum(1 for o in outcomes if o.must_pass_kind),
                                  "defects": [o.description for o in outcomes if o.defect]}
    for outcome in outcomes:
        problem = outcome.problem()
        if problem:
            verdict.reject(problem)


def _stuck_at(task: Task, run: PytestRun, files: list[str], root: Path, *, sandbox: SandboxSource,
              order: RunOrder) -> tuple[list[str], int]:
    """Where a hung buggy run was stuck, and how many more runs (at most STUCK_RETRIES) it took when
    its dump gave no frame."""
    stuck, retries = stuck_frames(run.output, files), 0
    while not stuck and retries < STUCK_RETRIES:
        retries += 1
        again, _ = _run_variant(task, root / str(retries), "buggy", sandbox=sandbox, order=order)
        if again.timed_out:
            stuck = stuck_frames(again.output, files)
    return stuck, retries


def _check_evidence(task: Task, verdict: TaskVerdict, root: Path, *, sandbox: SandboxSource,
                    order: RunOrder, first: bool) -> None:
    run, workspace = _run_variant(task, root, "buggy", sandbox=sandbox, order=order, evidence=True)
    key = "evidence" if first else f"evidence ({order.label})"
    verdict.runs[key] = run.summary()
    observed = read_observed(workspace)
    for i, item in enumerate(task.evidence):
        entry = observed.get(i, {})
        got = entry.get("repr")
        verdict.evidence.append({"file": item.file, "line": item.line, "expression": item.expression,
                                 "observed": item.observed, "got": got, "error": entry.get("error"),
                                 "holds": got == item.observed, "order": order.label, "seen_in": entry.get("test")})
    problems = evidence_problems(task.evidence, observed, hung=run.timed_out)
    if order == FILE_ORDER:
        for problem in problems:
            verdict.reject(problem)
        return
    earlier = [e for e in verdict.evidence if e["order"] == verdict.evidence[0]["order"]]  # the first order's
    for problem in problems:
        index = int(problem[len("evidence["):problem.index("]")])
        pin = ""
        if not first and task.evidence[index].test is None and earlier[index]["holds"] and earlier[index]["seen_in"]:
            pin = f"; if the value belongs to one test, name it: \"test\": \"{earlier[index]['seen_in']}\""
        verdict.reject(f"{problem} (tests in {order.label}; the evidence must hold whatever order the tests run "
                       f"in{pin})")
