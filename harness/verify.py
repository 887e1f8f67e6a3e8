"""Independent verification: whether the bug is fixed is decided here, never by the model's ``done``.

The verifier trusts only the task. ``verify(sandbox, workspace, task)``:
1. reads, from the host and never through a link (``harness.sandbox.host_read``), the model's
   versions of the task's own source files (its buggy and shared modules) and records the patch: a
   unified diff against what was materialized (new files and deleted ones included), tests excluded;
2. materializes the task afresh into a new folder and carries into it only the model's changes to
   those source files, by content: never a link, a FIFO or other special file, bytecode or
   ``__pycache__``, ``conftest.py``, an ini/cfg/toml file pytest would read, ``sitecustomize.py``, a
   ``.pth`` file, a module named like the stdlib or pytest's own, nor a new file (unless the task's
   meta.json says ``"new_files": true``, and then only new ``.py`` modules that are none of these).
   Test files always come from the task; a test the model changed is listed in ``restored``;
3. scans the carried lines (``harness.patch_scan``): code reaching into the test framework, the
   interpreter's exit or the import machinery makes the patch ``suspicious_patch`` (the lines are
   reported) and the episode not verified, whatever the tests say;
4. runs ``python -P -B -m pytest`` on the task's test files in a fresh sandbox process over the fresh
   folder (``Sandbox.exec(workspace=...)``), where none of the episode's processes can see or reach
   it, while those are paused: bytecode neither written (``-B``, ``PYTHONDONTWRITEBYTECODE``) nor read
   (the fresh folder has no ``__pycache__``), no cache provider, no plugin autoload, and only the
   task's own pytest configuration (``-c``: the ini the task ships, else an empty one);
   with the verdict guard loaded (``-p harness.verdict.plugin``, docs/harness/verification.md): the
   task's assertions decided on plain data, introspection refused to the code under test, skips only
   by the task's marks, and a verdict record written just before the process ends itself;
5. reads passed/failed from the JUnit XML report that process alone could write, not from printed
   text, and checks it against the guard's record. Solved means: a report and a record that agree and
   name no tampering, every test finished, at least one passed, none failed or errored, pytest exited
   0, and the patch is not suspicious.

A run the time limit stops is a hang (``outcome: "hang"``): a failure of its own kind, with where each
thread was stuck (pytest's faulthandler dump, taken at half the limit). On a hang task (``failure:
"hang"``) an unfixed workspace always ends so, so its limit is shorter: twice ``timeout_s``, at least
HANG_LIMIT_S, rather than twice ``timeout_s``, at least 60 s.

Where the backend starts one (bwrap), step 4 runs in the sandbox's warm verifier
(``harness.sandbox.backends.warm_verifier``): the same command, contained the same way (its own
namespaces and cgroup, out of the episode's sight), started by the host with the sandbox over the still
empty fresh folder, pytest imported before any file is there, told the arguments here and used once;
else it is a cold ``Sandbox.exec``. The debugger's warm interpreter is never used for this: it lives
where the model ran code, as its user, so it can be traced, its memory written (``/proc/PID/mem``),
signalled, or its later imports replaced, and a run forked from it could report a pass it never had
(docs/harness/sandboxes.md, "The warm verifier").
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
from corpus.materialize import Workspace, materialize
from harness import patch_scan
from harness.hang import crashed_in_dump, dump_options, progress_counts, stuck_frames
from harness.pytest_files import pytest_targets
from harness.sandbox import host_read
from harness.sandbox.backends.base import Sandbox, SandboxError
from harness.sandbox.backends.warm_verifier import COLD_PYTEST, VERIFY_ENV
from harness.sandbox.protect import protect_workspace
from harness.verdict import record as verdict_record
from harness.verdict import trust as verdict_trust

# Files that change how pytest collects or runs, rather than fixing the code: never carried.
STEERING_NAMES = {"conftest.py", "pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml", "sitecustomize.py",
                  "usercustomize.py", ".pytest.ini"}
CONFIG_SUFFIXES = (".ini", ".cfg", ".toml", ".pth")
SHADOWED_PACKAGES = {"pytest", "_pytest", "py", "pluggy", "iniconfig", "packaging", "harness"}
PLUGIN = "harness.verdict.plugin"  # the verdict guard (docs/harness/verification.md)
IGNORED_PARTS = {"__pycache__", ".pytest_cache", ".git", ".mypy_cache", ".ruff_cache", ".hypothesis"}
REPORT_NAME = "report.xml"
MAX_PATCH_FILE_BYTES = 512 * 1024  # a source file (or a new file shown in the patch) read by the host
MAX_LISTED = 50  # entries of ``left_out`` kept
LIMIT_S = 60.0  # the least time a test run gets (machine load), unless the task hangs when unfixed
HANG_LIMIT_S = 20.0  # the least for a hang task: its correct version passes in a few seconds
# passed | failed | hang (stopped by the time limit) | stopped (another sandbox limit) | not_run
OUTCOMES = ("passed", "failed", "hang", "stopped", "not_run")


@dataclass
class Verification:
    verified: bool
    passed: int
    failed: int
    patch: str | None  # None when the verifier could not run
    reason: str | None = None  # why it is not verified, in plain words; None when it is
    errors: int = 0  # of ``failed``, the ones that errored (collection, fixtures) rather than failed
    skipped: int = 0
    restored: list[str] = field(default_factory=list)  # test files the model changed: the task's were used
    removed: list[str] = field(default_factory=list)  # files that could steer pytest, left out of the run
    returncode: int | None = None
    duration_ms: float = 0.0
    output: str = ""  # the tail of pytest's output, for people reading a failed verification
    outcome: str = "failed"  # one of OUTCOMES: how the test run ended (a suspicious patch is still unverified)
    stuck_at: list[str] = field(default_factory=list)  # a hang: each thread's innermost workspace frame
    left_out: list[str] = field(default_factory=list)  # "name (why)": what of the workspace was not carried
    suspicious_patch: list[dict] = field(default_factory=list)  # patch_scan findings: {file, line, rule, text}

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def tests(self) -> dict:
        """The trajectory's ``result.tests`` shape."""
        return {"passed": self.passed, "failed": self.failed}


@dataclass
class Changes:
    """What the model's workspace holds, as far as the verifier cares (read by ``collect_changes``)."""

    changed: dict[str, str] = field(default_factory=dict)  # task source -> the model's text (differs)
    deleted: list[str] = field(default_factory=list)  # task sources the model removed
    added: dict[str, str] = field(default_factory=dict)  # new text files (shown in the patch)
    carried_new: dict[str, str] = field(default_factory=dict)  # new modules carried (the task allows them)
    not_carried: dict[str, str] = field(default_factory=dict)  # changed task files that could steer pytest
    unread: dict[str, str] = field(default_factory=dict)  # name -> why the host did not read it
    restored: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)

    def leave_out(self, name: str, why: str) -> None:
        if len(self.left_out) < MAX_LISTED:
            self.left_out.append(f"{name} ({why})")


def _shadows_a_module(relative: str) -> bool:
    """An added top-level module or package named like the stdlib or pytest's own modules would be
    imported in their place once pytest puts the workspace on sys.path."""
    first = relative.split("/", 1)[0]
    stem = first[:-3] if first.endswith(".py") else first
    if "/" not in relative and not first.endswith(".py"):
        return False
    return stem in sys.stdlib_module_names or stem in SHADOWED_PACKAGES


def steers_pytest(name: str) -> bool:
    """A file that would change how pytest collects, imports or runs if it were carried."""
    base = Path(name).name
    return (base in STEERING_NAMES or base.endswith(CONFIG_SUFFIXES) or base.endswith((".pyc", ".pyo"))
            or _shadows_a_module(name))


def collect_changes(root: Path, originals: dict[str, str], tests: dict[str, str], *,
                    allow_new_files: bool = False) -> Changes:
    """Read the model's workspace at ``root`` from the host, safely, against the task's files."""
    changes = Changes()
    budget = host_read.Budget()

    def read(name: str, size_hint: int = 0) -> str | None:
        if not budget.allows(size_hint):
            changes.unread[name] = "past the total read cap: not read"
            return None
        try:
            text = host_read.read_text(root, name, max_bytes=MAX_PATCH_FILE_BYTES)
        except host_read.HostReadRefused as exc:
            changes.unread[name] = exc.why
            return None
        budget.spend(len(text))
        return text

    for name, original in originals.items():
        try:
            text = read(name)
        except FileNotFoundError:
            changes.deleted.append(name)
            continue
        except OSError as exc:
            changes.unread[name] = f"could not be read: {exc.strerror or exc}"
            text = None
        if text is None:
            changes.leave_out(name, f"{changes.unread[name]}; the task's version was used")
        elif text != original:
            if steers_pytest(name):
                changes.removed.append(name)
                changes.not_carried[name] = text
                changes.leave_out(name, "could steer pytest: the task's version was used")
            else:
                changes.changed[name] = text
    walked = host_read.walk(root, skip_dir=lambda folder: folder in IGNORED_PARTS)
    for item in walked.skipped:
        changes.leave_out(item.name, item.why)
    for entry in walked.entries:
        name = entry.name
        if entry.kind == "dir" or name in originals:
            continue
        if name in tests:
            if entry.kind != "file" or _read_quietly(root, name) != tests[name]:
                changes.restored.append(name)
            continue
        if entry.kind != "file":
            changes.unread[name] = host_read.WHY.get(entry.kind, host_read.WHY["other"])
            if steers_pytest(name):
                changes.removed.append(name)
            changes.leave_out(name, changes.unread[name])
            continue
        text = read(name, entry.size)
        if text is not None:
            changes.added[name] = text
        if steers_pytest(name):
            changes.removed.append(name)
            changes.leave_out(name, "could steer pytest: never carried")
        elif allow_new_files and name.endswith(".py") and text is not None:
            changes.carried_new[name] = text
        else:
            changes.leave_out(name, "a new file: not carried, the task allows no new files"
                              if text is not None else changes.unread[name])
    for name in tests:
        if name not in changes.restored and not any(e.name == name for e in walked.entries):
            changes.restored.append(name)  # deleted or moved away
    changes.restored.sort()
    changes.removed.sort()
    return changes


def _read_quietly(root: Path, name: str) -> str | None:
    try:
        return host_read.read_text(root, name, max_bytes=MAX_PATCH_FILE_BYTES)
    except OSError:
        return None


def make_patch(originals: dict[str, str], changes: Changes) -> str:
    """A unified diff from ``originals`` (name -> text) to the model's workspace, tests left out."""
    after = {**{n: t for n, t in originals.items() if n not in changes.deleted and n not in changes.unread},
             **changes.changed, **changes.not_carried, **changes.added}
    chunks = []
    for name in sorted(set(after) | set(originals) | set(changes.unread)):
        if name in changes.unread:
            chunks.append(f"File {name} not read: {changes.unread[name]}\n")
            continue
        before, now = originals.get(name), after.get(name)
        if before == now:
            continue
        diff = difflib.unified_diff((before or "").splitlines(keepends=True), (now or "").splitlines(keepends=True),
                                    fromfile="/dev/null" if before is None else f"a/{name}",
                                    tofile="/dev/null" if now is None else f"b/{name}")
        chunks.append("".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                              for line in diff))
    return "".join(chunks)


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


def fresh_workspace(task: Task, changes: Changes, dest: Path) -> tuple[Workspace, list[str]]:
    """The task materialized into ``dest`` with the model's carried changes written over it; returns
    the workspace and the names of the files it holds."""
    fresh = materialize(task, dest)
    files = {*fresh.buggy_files, *task.shared_files, *fresh.test_files}
    for name in changes.deleted:
        (dest / name).unlink(missing_ok=True)
        files.discard(name)
    for name, text in {**changes.changed, **changes.carried_new}.items():
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        files.add(name)
    protect_workspace(dest, fresh.protected_files)
    return fresh, sorted(files)


def _config_args(tests: dict[str, str], inside_workspace: str, inside_out: str, out_dir: Path) -> list[str]:
    """``-c``: the pytest configuration the task ships beside its tests, else an empty one."""
    for name in sorted(tests):
        if "/" not in name and name in STEERING_NAMES - {"conftest.py", "sitecustomize.py", "usercustomize.py"}:
            return ["-c", f"{inside_workspace}/{name}"]
    (out_dir / "pytest.ini").write_text("[pytest]\n")
    return ["-c", f"{inside_out}/pytest.ini"]


def verify(sandbox: Sandbox, workspace: Workspace, task: Task, *, timeout_s: float | None = None) -> Verification:
    started = time.perf_counter()
    root = Path(sandbox.workspace)
    tests = dict(task.test_files)
    originals = {**task.shared_files, **workspace.buggy_files}
    # The harness's pytest.ini is restored like a test: a model that rewrote it changed nothing here.
    changes = collect_changes(root, originals, {**tests, **workspace.support_files},
                              allow_new_files=task.meta.get("new_files") is True)
    patch = make_patch(originals, changes)
    findings = patch_scan.scan_changes(originals, {**changes.changed, **changes.carried_new})
    base = {"patch": patch, "restored": changes.restored, "removed": changes.removed, "left_out": changes.left_out,
            "suspicious_patch": [f.to_dict() for f in findings]}
    # The verifier started with the sandbox (pytest imported, in its own namespaces over an empty fresh
    # folder: harness.sandbox.backends.warm_verifier) when there is one, else a cold exec of the same
    # command.
    warm = sandbox.take_warm_verifier()
    scratch = warm.scratch if warm is not None else Path(tempfile.mkdtemp(prefix="stepwise-verify-"))
    out_dir = scratch / "out"
    try:
        out_dir.mkdir(exist_ok=warm is not None)
        out_dir.chmod(0o777)  # the sandbox uid writes the report here
        _fresh, files = fresh_workspace(task, changes, scratch / "workspace")
        current = {**originals, **changes.changed, **changes.carried_new}
        (out_dir / verdict_trust.NAME).write_text(verdict_trust.dumps(verdict_trust.trusted_methods(originals, current)))
        inside_ws = sandbox.inside.workspace_for(scratch / "workspace")
        inside_out = sandbox.inside.output_for(out_dir)
        pytest_args = ["-p", "no:cacheprovider", "-p", PLUGIN, f"--stepwise-tests={','.join(sorted(tests))}",
                       f"--stepwise-out={inside_out}", "-q", "-rN", "--color=no",
                       f"--junitxml={inside_out}/{REPORT_NAME}", "-o", "junit_family=xunit2", "--rootdir", inside_ws,
                       *_config_args(tests, inside_ws, inside_out, out_dir)]
        limit = timeout_s if timeout_s is not None else time_limit(task)
        listed = task.meta.get("test_files")
        targets = sorted(listed) if isinstance(listed, list) and listed else pytest_targets(tests)
        pytest_args += [*dump_options(limit), "--", *targets]
        argv = [sandbox.inside.python, "-P", "-B", "-c", COLD_PYTEST, sandbox.inside.lib, *pytest_args]
        # The fresh folder holds no __pycache__ and nothing writes one, so no stale bytecode can be read;
        # (PYTHONPYCACHEPREFIX is not set: it would recompile the stdlib and pytest on every run, seconds.)
        try:
            with sandbox.paused():
                if warm is not None:
                    result = warm.run(pytest_args, timeout_s=limit)
                else:
                    result = sandbox.exec(argv, timeout_s=limit, env=dict(VERIFY_ENV), output_dir=out_dir,
                                          workspace=scratch / "workspace")
        except SandboxError as exc:
            return _judged(Verification(verified=False, passed=0, failed=0, reason=f"the tests could not be run: {exc}",
                                        outcome="not_run", duration_ms=(time.perf_counter() - started) * 1000,
                                        **base), findings)
        counts = read_junit(out_dir / REPORT_NAME)
        verdict = verdict_record.read(out_dir)
    finally:
        if warm is not None:
            warm.close()
        shutil.rmtree(scratch, ignore_errors=True)
    output = (result.stdout + result.stderr)[-4000:]
    base.update({"returncode": result.returncode, "duration_ms": (time.perf_counter() - started) * 1000,
                 "output": output})
    crashed = crashed_in_dump(result)
    if result.timed_out or crashed:
        # Killed before pytest wrote its report: counts from its progress marks, the running test failed.
        passed, failed = progress_counts(result.stdout)
        stuck = stuck_frames(result.stderr, files)
        where = f"; stuck at {', '.join(stuck)}" if stuck else ""
        how = (f"a test ran past {limit / 2:g}s and the interpreter crashed (exit {result.returncode}) while "
               "dumping its threads" if crashed else f"stopped after {limit:g}s")
        return _judged(Verification(verified=False, passed=passed, failed=failed, outcome="hang", stuck_at=stuck,
                                    reason=f"the tests hung: {how}{where}", **base), findings)
    if counts is None:
        reason = result.reason or f"pytest wrote no report (exit status {result.returncode})"
        return _judged(Verification(verified=False, passed=0, failed=0, reason=f"no test result: {reason}",
                                    outcome="stopped" if result.reason else "failed", **base), findings)
    passed, failed, reason, outcome = judge_report(counts, verdict, result.returncode, result.reason)
    return _judged(Verification(verified=reason is None, passed=passed, failed=failed, reason=reason, outcome=outcome,
                                errors=counts["errors"], skipped=counts["skipped"], **base), findings)


def judge_report(counts: dict, verdict: verdict_record.Record | None, returncode: int | None,
                 stopped: str | None) -> tuple[int, int, str | None, str]:
    """The verdict on a test run that ended with a JUnit report (``read_junit``'s counts), its guard's
    record, pytest's exit status and why the sandbox stopped it (None: it did not): (passed, failed, why
    it is not verified or None, outcome). A skipped test is never a pass; every rule must hold."""
    failed = counts["failures"] + counts["errors"]
    passed = counts["tests"] - failed - counts["skipped"]
    reason = None
    distrust = _distrust(verdict, counts, passed, returncode)
    if stopped:
        reason = f"the test run was stopped: {stopped}"
    elif distrust:
        reason = distrust
    elif failed:
        reason = f"{failed} test(s) failed or errored"
    elif passed <= 0:
        reason = "no test passed (none ran, or all were skipped)"
    elif returncode != 0:
        reason = f"pytest exited with status {returncode}"
    outcome = "passed" if reason is None else "stopped" if stopped else "failed"
    return passed, failed, reason, outcome


def _distrust(verdict: verdict_record.Record | None, counts: dict, passed: int, returncode: int | None) -> str | None:
    """Why the run's own word cannot be taken: no verdict record (the process ended before its guard
    wrote it), a record that names tampering, or one the JUnit report or the exit status contradicts."""
    if verdict is None:
        return "the test run left no verdict record: it ended before every test was judged"
    if verdict.tampered:
        return "the code under test tampered with the test run: " + "; ".join(verdict.tampered[:3])
    own = (verdict.passed + verdict.xpassed, verdict.failed + verdict.errors, verdict.skipped + verdict.xfailed)
    junit = (passed, counts["failures"] + counts["errors"], counts["skipped"])
    if own != junit or verdict.finished != verdict.collected or verdict.exitstatus != returncode:
        return (f"the test run's report and its verdict record disagree (report {junit}, record {own}, "
                f"exit status {returncode} vs {verdict.exitstatus})")
    return None


# The same judgement for a repository task's run (harness.repository_task.verify_repository).
distrust_of = _distrust


def _judged(verification: Verification, findings: list[patch_scan.Finding]) -> Verification:
    """A suspicious patch is never verified, whatever the tests said; the reason names its lines."""
    if findings:
        verification.verified = False
        shown = "; ".join(str(f) for f in findings[:3]) + (f"; and {len(findings) - 3} more" if len(findings) > 3 else "")
        note = f"suspicious patch: it reaches into the test framework, the interpreter's exit or imports ({shown})"
        verification.reason = "; ".join(r for r in (note, verification.reason) if r)
    return verification


judged = _judged  # a repository task's patch is held to it too (harness.repository_task.verify_repository)
