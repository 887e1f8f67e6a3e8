"""The Sandbox contract, run against every backend: what a caller may rely on whichever it gets.

Each test starts a real sandbox (bubblewrap, a Docker container, or the local subprocess) over a
materialized task and uses only what ``harness.sandbox.backends.base.Sandbox`` declares.
"""

from __future__ import annotations

import time

import pytest

from corpus.materialize import materialize
from harness.records.observation import ToolCall
from harness.sandbox.backends.base import Sandbox, SandboxError, SandboxSpec
from harness.sandbox.pool import SandboxPool
from tests.harness.sandbox.conftest import SMALL
from tests.helpers.sandboxes import ALL_BACKENDS, backend_fixture
from tests.helpers.waiting import poll_until

TICKER = "nohup sh -c 'while true; do echo t >> ticks; sleep 0.05; done' >/dev/null 2>&1 &"


backend = backend_fixture(ALL_BACKENDS, scope="function")


def ticks(box: Sandbox) -> int:
    path = box.workspace / "ticks"
    return len(path.read_text().splitlines()) if path.exists() else 0


@pytest.mark.slow
def test_it_is_a_sandbox_and_says_where_things_are_inside(sandbox):
    result = sandbox.exec([sandbox.inside.python, "-c", "import os, sys; print(os.getcwd()); print(sys.version_info[0])"],
                          timeout_s=60)

    assert isinstance(sandbox, Sandbox)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [sandbox.inside.workspace, "3"]
    assert (sandbox.workspace / "counter.py").is_file()


def test_a_tool_call_goes_through_the_debug_service(sandbox):
    observation = sandbox.call(ToolCall("bash", {"command": "ls"}))

    assert "counter.py" in observation.text and "test_counter.py" in observation.text
    assert not observation.error and not sandbox.crashed


def test_exec_writes_its_output_folder_at_the_declared_mount(sandbox, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o777)
    inside = sandbox.inside.output_for(out)

    result = sandbox.exec(["sh", "-c", f"echo report > {inside}/r.txt"], timeout_s=60, output_dir=out)

    assert result.returncode == 0, result.stderr
    assert (out / "r.txt").read_text() == "report\n"


@pytest.mark.slow
def test_exec_past_its_timeout_is_stopped_with_a_reason(sandbox):
    result = sandbox.exec(["sleep", "30"], timeout_s=1)

    assert result.timed_out and "timed out after 1 s" in result.reason


@pytest.mark.slow
def test_paused_freezes_what_the_episode_left_running_and_resumes_it(sandbox):
    sandbox.call(ToolCall("bash", {"command": TICKER}))
    deadline = time.monotonic() + 10
    while ticks(sandbox) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)

    with sandbox.paused():
        time.sleep(0.2)  # a tick already under way may land
        frozen = ticks(sandbox)
        time.sleep(0.5)
        still = ticks(sandbox)
        verdict = sandbox.exec(["echo", "exec works while paused"], timeout_s=60)
    resumed = poll_until(lambda: ticks(sandbox) > still, 30)  # the ticker goes on once resumed

    assert frozen >= 3 and still == frozen
    assert verdict.stdout.strip() == "exec works while paused"
    assert resumed, "the ticker did not tick again after the sandbox was resumed"


@pytest.mark.slow
def test_close_stops_everything_and_then_refuses_work(sandbox):
    sandbox.call(ToolCall("bash", {"command": TICKER}))
    time.sleep(0.3)

    sandbox.close()
    time.sleep(0.2)
    after_close = ticks(sandbox)
    time.sleep(0.5)

    assert ticks(sandbox) == after_close
    assert sandbox.call(ToolCall("bash", {"command": "true"})).error
    with pytest.raises(SandboxError, match="closed"):
        sandbox.exec(["true"])


@pytest.mark.slow
def test_a_pool_of_the_backend_hands_over_a_warm_sandbox_in_the_callers_workspace(backend, task, tmp_path):
    workspace = materialize(task, tmp_path / "mine")
    with SandboxPool(backend, size=1, limits=SMALL) as pool:
        assert pool.wait_ready(60)
        box = pool.acquire(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                       limits=SMALL))
        try:
            answer = box.call(ToolCall("bash", {"command": "ls"}))
        finally:
            pool.release(box, wait=True)

    assert pool.warm_acquires == 1 and pool.name == backend.name
    assert box.workspace == workspace.path.resolve()
    assert "counter.py" in answer.text


def test_the_debugger_restarts_forked_from_a_warm_interpreter_inside(sandbox):
    sandbox.call(ToolCall("start_debugger", {"file": "test_counter.py"}))
    failed = sandbox.call(ToolCall("continue_execution", {}))  # the buggy total: post-mortem
    ended = sandbox.call(ToolCall("continue_execution", {}))
    runner = sandbox.call(ToolCall("run_expression", {"expression": "__import__('__main__').__file__"}))

    assert "post-mortem" in failed.text
    assert "ran to its end" in ended.text and ended.position == ("test_counter.py", 5)
    assert "warm_interpreter.py" in runner.text  # the paused run was forked from the warm interpreter
