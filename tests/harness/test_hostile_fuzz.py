"""A seeded, bounded fuzz test through the real sandbox path: whole episodes
(``run_episode``: bwrap sandboxes with the debug service, the scripted policy, verification) whose
calls mix valid debugging flows with random arguments and hostile ones (``fuzz_plan.py``), several
episodes at once. It asserts that every call is answered by the session (no harness failure, no
sandbox crash, no call past its timeout), that no process of any episode's sandbox is left after it,
and that no verdict is faked: an episode that ends with the real fix verifies, any other never does.

Its counts (calls per tool, errors answered, episodes, seconds) are printed as one line (shown with
``pytest -rA``) and written to ``var/test-artifacts/fuzz-counts.json``. ``STEPWISE_FUZZ_SEED`` and
``STEPWISE_FUZZ_CALLS`` (calls per episode) change the run.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from corpus.format import load_task
from harness.episode.run import run_episode
from harness.policies import make_policy
from harness.process_tree import pid_namespace
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import Limits, SandboxSource, SandboxSpec
from harness.sandbox.backends.supervised import CALL_GRACE_S
from harness.trajectory import Trajectory
from tests.harness.fuzz_plan import TOOLS, plan_episode
from tests.helpers.processes import left_in_namespace
from tests.helpers.tasks import SUM_SKIPS_FIRST, write_task

REPO_ROOT = Path(__file__).resolve().parents[2]
SEED = int(os.environ.get("STEPWISE_FUZZ_SEED", "17"))
CALLS_PER_EPISODE = int(os.environ.get("STEPWISE_FUZZ_CALLS", "520"))
EPISODES = 4  # two with the real fix at the end, two without
PARALLEL = 4  # the calls mostly wait on each other's processes: overlapping them fits 2 cores
LIMITS = Limits(memory_mb=768, max_processes=128, cpu_seconds=300, wall_seconds=600, tool_timeout_s=5, disk_mb=64)
KNOWN_TOOLS = {*TOOLS, "done"}
HARNESS_FAULTS = ("inside the harness", "failed inside the sandbox", "Traceback (most recent call last)",
                  "the sandbox has stopped", "refused the call")


class WatchedBackend(SandboxSource):
    """The bwrap backend, noting each sandbox's PID namespace and what is left in it after release."""

    def __init__(self):
        self.inner = get_backend("bwrap")
        self.name = self.inner.name
        self.own = pid_namespace(os.getpid())
        self.leftovers: dict[str, list[int]] = {}
        self.namespaces: dict[int, str] = {}
        self._lock = threading.Lock()

    def acquire(self, spec: SandboxSpec):
        sandbox = self.inner.acquire(spec)
        inside = {pid_namespace(pid) for pid in sandbox.cgroup.pids()} - {self.own, None}
        with self._lock:
            self.namespaces[id(sandbox)] = inside.pop()
        return sandbox

    def release(self, sandbox) -> None:
        self.inner.release(sandbox)
        namespace = self.namespaces[id(sandbox)]
        left = left_in_namespace(namespace)
        with self._lock:
            self.leftovers[namespace] = left

    def close(self) -> None:
        self.inner.close()


def play(index: int, task, backend: WatchedBackend, folder: Path) -> tuple[Trajectory, object]:
    plan = plan_episode(SEED * 100 + index, calls=CALLS_PER_EPISODE, fixes=index % 2 == 0)
    script = folder / f"script-{index}.json"
    script.write_text(json.dumps({"tool_calls": plan.calls}))
    document = run_episode(task, make_policy(f"script:{script}"), arm="dbg", backend=backend,
                           max_turns=len(plan.calls) + 1, out=folder / f"episode-{index}.json", limits=LIMITS)
    return document, plan


@pytest.mark.slow
def test_thousands_of_hostile_and_valid_calls_never_break_an_episode_or_fake_a_verdict(tmp_path):
    task = load_task(write_task(tmp_path / "tasks", shape=SUM_SKIPS_FIRST))
    backend = WatchedBackend()
    started = time.monotonic()
    try:
        with ThreadPoolExecutor(PARALLEL) as pool:
            played = list(pool.map(lambda i: play(i, task, backend, tmp_path), range(EPISODES)))
    finally:
        backend.close()
    seconds = time.monotonic() - started

    per_tool, errors, slowest = Counter(), Counter(), 0.0
    faults, verdicts, timeouts, new_shells = [], [], [], 0
    for document, plan in played:
        result = document.result
        verdicts.append((plan.fixes, result.verified, result.exit_reason, result.reason))
        for step in document.steps:
            tool = step.tool if step.tool in KNOWN_TOOLS else "(unknown tool)"
            per_tool[tool] += 1
            errors[tool] += bool(step.error)
            slowest = max(slowest, step.duration_ms / 1000)
            if any(fault in step.observation for fault in HARNESS_FAULTS):
                faults.append((step.turn, step.tool, step.observation[:300]))
            if "did not finish within" in step.observation:  # nothing in the plans runs long
                timeouts.append((step.turn, step.arguments, step.observation[-300:]))
            new_shells += "new shell" in step.observation
    calls = sum(per_tool.values())
    counts = {"seed": SEED, "episodes": len(played), "parallel": PARALLEL, "tool_calls": calls,
              "errors_answered": sum(errors.values()), "calls_per_tool": dict(sorted(per_tool.items())),
              "errors_per_tool": dict(sorted(errors.items())), "slowest_call_s": round(slowest, 2),
              "seconds": round(seconds, 1), "verdicts": [{"fixed": fixes, "verified": verified, "exit": exit_reason}
                                                          for fixes, verified, exit_reason, _ in verdicts],
              "shells_replaced": new_shells, "timeouts": len(timeouts),
              "leftover_processes": sum(len(left) for left in backend.leftovers.values())}
    artifacts = REPO_ROOT / "var" / "test-artifacts"
    artifacts.mkdir(parents=True, exist_ok=True)
    (artifacts / "fuzz-counts.json").write_text(json.dumps(counts, indent=2) + "\n")
    print(f"\nhostile fuzz: {calls} tool calls in {len(played)} episodes ({PARALLEL} at a time, seed {SEED}), "
          f"{counts['errors_answered']} answered with an error, {new_shells} shells replaced, slowest call "
          f"{slowest:.1f} s, {seconds:.0f} s; "
          f"per tool: {json.dumps(counts['calls_per_tool'])}")

    assert calls >= 2000
    assert faults == []
    assert timeouts == []
    assert slowest <= LIMITS.tool_timeout_s + CALL_GRACE_S
    assert [exit_reason for _, _, exit_reason, _ in verdicts] == ["done"] * EPISODES, verdicts
    assert [verified for _, verified, _, _ in verdicts] == [fixes for fixes, _, _, _ in verdicts], verdicts
    assert len(backend.leftovers) == EPISODES and counts["leftover_processes"] == 0, backend.leftovers
