"""Run a workspace's failing tests under the state tracer, in a sandbox, and measure where the buggy and
the correct version first hold different values (``corpus.quality.divergence`` does the comparing).

Takes any workspace pair, not only a hand-written task's: the buggy and the correct workspace (a
materialized task, a repository at its buggy and fixed commits, a generated bug and its source), the
failing tests as pytest node ids, and the buggy run's failing output.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from corpus.quality.divergence import Divergence, TestTrace, first_divergence, noisy_keys, parse_trace
from harness.sandbox.backends.base import SandboxSource
from validation.runner import PLUGIN_DIR, run_pytest

PLUGIN_SOURCE = Path(__file__).with_name("trace_plugin.py")
PLUGIN_NAME = "_stepwise_trace"
MAX_EVENTS = 20000  # per test: a longer run is cut (the divergence is almost always early)
TRACE_SLOWDOWN = 4  # a traced run gets this many times the task's time limit


@dataclass(frozen=True)
class TracedPair:
    """A workspace pair to compare: each folder holds the program, its tests, and nothing of the other."""

    buggy: Path
    correct: Path
    failing_tests: tuple[str, ...]  # node ids ("file.py::test" or "file.py::Class::test[param]")
    failing_output: str  # the buggy run's pytest output (where 'shown' is looked for)
    test_files: tuple[str, ...]  # workspace-relative test files (protected in the sandbox)
    dependencies: tuple[str, ...] = ()
    timeout_s: float = 30
    buggy_hangs: bool = False  # the buggy tests block until stopped: traced up to the task's own limit


def trace_tests(workspace: Path, tests: Sequence[str], *, sandbox: SandboxSource, timeout_s: float,
                dependencies: Sequence[str] = (), protected: Sequence[str] = ()) -> dict[str, TestTrace]:
    """Run ``tests`` of ``workspace`` under the tracer; test node id -> its trace."""
    folder = workspace / PLUGIN_DIR
    folder.mkdir(exist_ok=True)
    shutil.copyfile(PLUGIN_SOURCE, folder / f"{PLUGIN_NAME}.py")
    (folder / "trace_spec.json").write_text(json.dumps({"tests": list(tests), "max_events": MAX_EVENTS}),
                                            encoding="utf-8")
    run_pytest(workspace, timeout_s=timeout_s, sandbox=sandbox, dependencies=dependencies, protected=protected,
               plugins=[PLUGIN_NAME])
    path = folder / "trace.jsonl"
    if not path.is_file():
        return {}
    with path.open(encoding="utf-8", errors="replace") as lines:
        return parse_trace(lines)


def _matching(traces: dict[str, TestTrace], test: str) -> TestTrace | None:
    file, _, name = test.partition("::")
    name = name.rsplit("::", 1)[-1].split("[", 1)[0]
    for node, trace in traces.items():
        node_file, _, node_name = node.partition("::")
        if node == test or (node_file == file and node_name.rsplit("::", 1)[-1].split("[", 1)[0] == name):
            return trace
    return None


def measure_pair(pair: TracedPair, *, sandbox: SandboxSource) -> list[Divergence]:
    """One divergence per failing test: the buggy run once, the correct run twice (what differs between
    two runs of the same version is noise, never the divergence)."""
    limit = pair.timeout_s * TRACE_SLOWDOWN
    common = {"sandbox": sandbox, "dependencies": pair.dependencies, "protected": pair.test_files}
    buggy = trace_tests(pair.buggy, pair.failing_tests, timeout_s=pair.timeout_s if pair.buggy_hangs else limit,
                        **common)
    correct = trace_tests(pair.correct, pair.failing_tests, timeout_s=limit, **common)
    again = trace_tests(pair.correct, pair.failing_tests, timeout_s=limit, **common)
    return compare(pair.failing_tests, buggy, correct, again, test_files=pair.test_files,
                   failing_output=pair.failing_output)


def compare(failing_tests: Sequence[str], buggy: dict[str, TestTrace], correct: dict[str, TestTrace],
            again: dict[str, TestTrace], *, test_files: Sequence[str], failing_output: str) -> list[Divergence]:
    """One divergence per failing test from the traces of a buggy run and two correct runs, however they
    were made (here, or by the bug generator's runner in a task's own environment)."""
    out = []
    for test in failing_tests:
        b, c, c2 = _matching(buggy, test), _matching(correct, test), _matching(again, test)
        if b is None or c is None:
            side = "buggy" if b is None else "correct"
            out.append(Divergence(test, False, reason=f"the {side} run left no trace of {test} (it did not run, or "
                                                      "crashed before the tracer started)"))
            continue
        noise = noisy_keys(c, c2) if c2 is not None else set()
        out.append(first_divergence(b, c, test_files=test_files, failing_output=failing_output, noise=noise))
    return out
