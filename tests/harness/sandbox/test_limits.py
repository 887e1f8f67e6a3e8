"""Runaway programs are stopped by the sandbox's limits, with a clear reason, and nothing survives."""

from __future__ import annotations

import dataclasses
import subprocess

import pytest

from harness.records.observation import ToolCall
from harness.sandbox import cgroups
from tests.harness.sandbox.conftest import SMALL
from tests.helpers.sandbox_probes import wait_for_crash


def bash(sandbox, command: str):
    return sandbox.call(ToolCall("bash", {"command": command}))


def host_is_healthy() -> bool:
    return subprocess.run(["true"], timeout=30).returncode == 0


def test_a_fork_bomb_hits_the_process_limit_and_ends_the_sandbox(start_sandbox):
    sandbox, _ = start_sandbox()

    bash(sandbox, ":(){ :|:& };:")
    wait_for_crash(sandbox)
    next_turn = bash(sandbox, "echo still here")

    assert sandbox.crashed
    assert "process limit" in sandbox.crash_reason
    assert next_turn.error and "process limit" in next_turn.text
    assert host_is_healthy()


@pytest.mark.slow
def test_a_memory_hog_hits_the_memory_limit_and_ends_the_sandbox(start_sandbox):
    sandbox, _ = start_sandbox()

    observation = bash(sandbox, "python -c \"blocks = [bytearray(32 * 2**20) for _ in range(64)]\"")

    assert sandbox.crashed
    assert "memory limit" in sandbox.crash_reason
    assert "memory limit" in observation.text
    assert host_is_healthy()


@pytest.mark.slow
def test_an_endless_loop_hits_the_cpu_time_limit_and_ends_the_sandbox(start_sandbox):
    # A long command timeout, so that on a loaded machine the CPU budget (not the shell's own
    # timeout) is what stops the loop.
    sandbox, _ = start_sandbox(limits=dataclasses.replace(SMALL, cpu_seconds=2, tool_timeout_s=600))

    observation = bash(sandbox, "python -c 'while True: pass'")

    assert sandbox.crashed
    assert "CPU-time limit" in sandbox.crash_reason
    assert observation.error
    assert host_is_healthy()


def test_a_sandbox_that_outlives_its_wall_clock_is_stopped(start_sandbox):
    sandbox, _ = start_sandbox(limits=dataclasses.replace(SMALL, wall_seconds=1.0))

    observation = bash(sandbox, "sleep 15")

    assert sandbox.crashed
    assert "wall-clock limit" in sandbox.crash_reason
    assert observation.error


def test_calls_after_a_crash_answer_with_an_error_instead_of_hanging(start_sandbox):
    sandbox, _ = start_sandbox()
    bash(sandbox, ":(){ :|:& };:")
    wait_for_crash(sandbox)

    again = bash(sandbox, "echo hello")

    assert again.error
    assert "episode is over" in again.text


def test_no_process_survives_close(start_sandbox):
    sandbox, _ = start_sandbox()
    # Durations no other test uses: other xdist workers run their own `sleep 300` at the same time.
    bash(sandbox, "nohup sleep 300.625 >/dev/null 2>&1 & setsid sleep 301.625 >/dev/null 2>&1 & echo started")
    group = sandbox.cgroup.paths["pids"] if sandbox.cgroup is not None else None

    sandbox.close()

    leftovers = subprocess.run(["pgrep", "-f", "sleep 30[01].625"], capture_output=True, text=True).stdout.split()
    assert leftovers == []
    assert sandbox.process.poll() is not None
    if cgroups.available():
        assert group is not None and not group.exists()


@pytest.mark.slow
def test_an_exec_that_runs_too_long_is_stopped_with_a_reason(start_sandbox):
    sandbox, _ = start_sandbox()

    result = sandbox.exec(["sleep", "60"], timeout_s=1)

    assert result.timed_out
    assert "timed out" in result.reason
