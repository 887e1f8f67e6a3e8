"""pytest over a candidate's workspace, inside a sandbox that lives as long as its worker.

A worker acquires one sandbox for the repository and runs each candidate's tests with ``exec`` over
that candidate's own linked copy (``workspace=``), so no sandbox is started per candidate.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from harness.sandbox import protect
from harness.sandbox.backends import DEFAULT_BACKEND, get_backend
from harness.sandbox.backends.base import Limits, Sandbox, SandboxSource, SandboxSpec
from validation.runner import PLUGIN_DIR, PYTEST_ARGS

PLUGINS = Path(__file__).with_name("plugins")
REACH, TRACE = "_stepwise_reach", "_stepwise_trace"
LINES = "_stepwise_lines"  # the lines the passing tests run (validation.generate.ran_lines)
# The state tracer that measures every task's divergence (``validation.quality.trace_plugin``), under a name
# of its own: a planted bug's label comes from the same measure as a hand-written or real bug's.
STATE = "_stepwise_state"
STATE_SOURCE = Path(__file__).resolve().parent.parent / "quality" / "trace_plugin.py"
STATE_MAX_EVENTS = 20000  # per test, as corpus quality traces
# Each plugin by the name pytest loads it under: its source, copied into the workspace's plugin folder.
PLUGIN_SOURCES = {REACH: PLUGINS / "reach.py", TRACE: PLUGINS / "trace.py", LINES: PLUGINS / "lines.py",
                  STATE: STATE_SOURCE}
# pytest's exit statuses that mean the tests could not even be run: interrupted, internal error,
# usage error (a node id that does not exist), no tests collected.
# A repository's tests import its packages from its root, as `python -m pytest` run there does (the
# working directory first on sys.path); validation's plugins load from their hidden folder.
# pytest before 3.5 has no --rootdir (httpie's real bugs pin 3.2): there it is left out, and the workspace's
# own ini file, or the common folder of the named tests, is the root as it was before that option.
BOOT = (f"import os, sys; sys.path[:0] = [os.getcwd(), {PLUGIN_DIR!r}]; import pytest; args = sys.argv[1:]; "
        "old = tuple(int(p) if p.isdigit() else 0 for p in pytest.__version__.split('.')[:2]) < (3, 5); "
        "at = args.index('--rootdir') if old and '--rootdir' in args else -1; "
        "sys.exit(pytest.main(args[:at] + args[at + 2:] if at >= 0 else args))")
# A sandbox's memory, for a whole suite in one profiled process: the default 1 GB killed sanic's baseline
# a third of the way through (its servers and the reach profile's records), so no test was reported.
MEMORY_MB = 4096
KILLED = (137, -9)  # SIGKILL: the sandbox's memory (or process) limit stopped the run
NOT_RUN = {2: "interrupted (a collection error)", 3: "pytest's internal error", 4: "a usage error", 5: "no tests ran"}


def seal_snapshot(snapshot: Path) -> None:
    """Every file of the shared snapshot root's and unwritable to the sandboxed user: each workspace is a
    tree of hard links to these files, and a run must never write through one into its siblings'."""
    if not protect.can_change_owner():
        return
    for folder, _dirs, files in os.walk(snapshot):
        for name in files:
            path = Path(folder) / name
            if not path.is_symlink():
                os.chown(path, 0, 0)
                path.chmod(path.stat().st_mode & 0o755)


def prepare_workspace(workspace: Path, tests: Sequence[str]) -> None:
    """A linked copy as a task's sandbox shows it to the tests (``harness.sandbox.protect``): every folder
    writable by the sandboxed user, the test files root's and read-only, the folders on the way to them
    root's and sticky. So a test that cannot run in a task's workspace (sanic's fixture hard-links a
    protected conftest.py) fails in the baseline too, and no bug is kept on it. The other files stay
    unwritable (``seal_snapshot``): a test that rewrites a source file fails here and is left out."""
    protect.protect_workspace(workspace, tests, hand_over=False)


@dataclass
class TestRun:
    returncode: int
    failed: list[str]  # node ids of the tests that failed or errored
    timed_out: bool
    output: str
    reach: dict = field(default_factory=dict)
    lines: dict = field(default_factory=dict)  # the lines plugin's record
    trace: list[dict] = field(default_factory=list)
    state: list[str] = field(default_factory=list)  # the state tracer's JSON lines

    @property
    def killed(self) -> bool:
        return not self.timed_out and self.returncode in KILLED

    @property
    def ran(self) -> bool:
        return not self.timed_out and not self.killed and self.returncode not in NOT_RUN


class SandboxRunner:
    """One worker's sandbox: ``run`` pytest with node ids over any workspace."""

    def __init__(self, workspace: Path, *, sandbox: str | SandboxSource = DEFAULT_BACKEND, timeout_s: float = 60.0,
                 python: str | None = None, env: dict[str, str] | None = None):
        """``python``: a task environment's interpreter (mounted read-only), else the sandbox's own;
        ``env``: the variables its tests run under (a locale)."""
        self.source = get_backend(sandbox) if isinstance(sandbox, str) else sandbox
        self.timeout_s = timeout_s
        self.env = dict(env or {})
        self.box: Sandbox = self.source.acquire(SandboxSpec(workspace=workspace, arm="base", service=False,
                                                            python=python, limits=Limits(memory_mb=MEMORY_MB)))
        self.python = python or self.box.inside.python

    def close(self) -> None:
        self.source.release(self.box, wait=True)

    def run(self, workspace: Path, tests: Sequence[str], *, plugin: str | None = None, plant: dict | None = None,
            timeout_s: float | None = None, keep_going: bool = False, stop_first: bool = False) -> TestRun:
        """``keep_going``: a test module that does not collect is an error of its own, and the others run;
        ``stop_first``: the run ends at the first failing test (pytest's ``-x``)."""
        if plugin is not None:
            folder = workspace / PLUGIN_DIR
            if folder.exists():
                shutil.rmtree(folder)
            folder.mkdir()
            folder.chmod(0o777)  # the sandbox's unprivileged uid writes the plugin's record here
            shutil.copyfile(PLUGIN_SOURCES[plugin], folder / f"{plugin}.py")
            if plugin == STATE:
                (folder / "trace_spec.json").write_text(json.dumps({"tests": list(tests), "max_events": STATE_MAX_EVENTS}),
                                                        encoding="utf-8")
            if plant is not None:
                (folder / "plant.json").write_text(json.dumps(plant), encoding="utf-8")
        options = ["-rfE", "-p", "no:randomly", "-p", "no:xdist", *(["--continue-on-collection-errors"] if keep_going else []),
                   *(["-x"] if stop_first else [])]
        loaded = ["-p", plugin] if plugin else []
        argv = [self.python, "-c", BOOT, *PYTEST_ARGS, *options, *loaded, *(["--", *tests] if tests else [])]
        result = self.box.exec(argv, timeout_s=timeout_s or self.timeout_s, workspace=workspace, env=self.env or None)
        output = (result.stdout or "") + (result.stderr or "")
        run = TestRun(returncode=result.returncode, failed=_failed(result.stdout or ""), timed_out=result.timed_out,
                      output=output)
        if plugin in (REACH, LINES):
            path = workspace / PLUGIN_DIR / ("reach.json" if plugin == REACH else "lines.json")
            record = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
            if plugin == REACH:
                run.reach = record
            else:
                run.lines = record
        elif plugin in (TRACE, STATE):
            path = workspace / PLUGIN_DIR / "trace.jsonl"
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines() if path.is_file() else []
            if plugin == TRACE:
                run.trace = [json.loads(line) for line in lines if line.strip()]
            else:
                run.state = lines
        return run


def _failed(stdout: str) -> list[str]:
    """Node ids from pytest's short summary (``-rfE``): ``FAILED tests/test_x.py::test_y - ...``; pytest
    before 3.10 (thefuck's environments) writes ``FAIL tests/test_x.py::test_y``."""
    failed = []
    for line in stdout.splitlines():
        for word in ("FAILED ", "FAIL ", "ERROR "):
            if line.startswith(word):
                node = line[len(word):].split(" - ", 1)[0].strip().replace("::()", "")  # as the plugins name it
                if node not in failed:
                    failed.append(node)
    return failed
