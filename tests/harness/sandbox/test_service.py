"""The debug service's line-delimited JSON protocol, and what the host sees when the service dies."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from harness.process_tree import command_line_of
from harness.records.observation import ToolCall
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import SandboxSpec
from harness.sandbox.client import ServiceClient, ServiceLost
from tests.harness.sandbox.conftest import REPO_ROOT_FOR_SERVICE


@pytest.fixture
def service(tmp_path):
    """The service as a plain subprocess over a scratch workspace, and a client talking to it."""
    argv = [sys.executable, "-P", "-m", "harness.sandbox.service", "--workspace", str(tmp_path)]
    process = subprocess.Popen(argv, cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               env={**os.environ, "PYTHONPATH": str(REPO_ROOT_FOR_SERVICE)})
    client = ServiceClient(process.stdout.fileno(), process.stdin.fileno())
    yield process, client
    process.kill()
    process.wait()
    process.stdin.close()
    process.stdout.close()


def test_the_service_announces_itself_then_answers_each_request_in_order(service, tmp_path):
    process, client = service

    ready = client.wait_ready(30)
    opened = client.request({"op": "open", "arm": "base", "protected_files": []}, 30)
    called = client.request({"op": "call", "call": ToolCall("bash", {"command": "echo hi > f.txt; echo ok"}).to_dict()}, 30)
    pong = client.request({"op": "ping"}, 5)

    assert ready["ready"] is True and ready["session_error"] is None
    assert opened == {"ok": True, "seq": 1}
    assert called["ok"] and called["seq"] == 2
    assert "ok" in called["observation"]["text"]
    assert (tmp_path / "f.txt").read_text() == "hi\n"
    assert pong == {"ok": True, "seq": 3}


def test_bad_requests_get_an_error_that_says_what_to_send(service):
    process, client = service
    client.wait_ready(30)

    os.write(process.stdin.fileno(), b"this is not json\n")
    garbage = client._read_line(time.monotonic() + 10)
    unknown = client.request({"op": "launch"}, 5)
    shapeless = client.request({"op": "call", "call": {"arguments": {}}}, 5)

    assert garbage["ok"] is False and "one JSON object per line" in garbage["error"]
    assert unknown["ok"] is False and "expected open, call, ping or close" in unknown["error"]
    assert shapeless["ok"] is False and '"name"' in shapeless["error"]


def test_close_ends_the_service(service):
    process, client = service
    client.wait_ready(30)

    answer = client.request({"op": "close"}, 10)

    assert answer["ok"]
    assert process.wait(timeout=30) == 0


def test_a_silent_service_raises_service_lost_instead_of_hanging():
    read_end, write_end = os.pipe()
    try:
        client = ServiceClient(read_end, write_end)
        with pytest.raises(ServiceLost, match="did not answer in time"):
            client.wait_ready(0.2)
    finally:
        os.close(read_end)
        os.close(write_end)


@pytest.mark.slow
def test_a_service_that_dies_mid_episode_yields_an_error_observation_and_a_crash(start_sandbox):
    sandbox, _ = start_sandbox()
    # The model's processes cannot signal the service (test_service_isolation.py): the host kills it,
    # as an out-of-memory kill or a bug in the service would, while a call is waiting on it.
    service = [pid for pid in sandbox.cgroup.pids()
               if "harness.sandbox.service" in command_line_of(pid)]
    killer = threading.Timer(1.0, os.kill, (service[0], signal.SIGKILL))
    killer.start()

    observation = sandbox.call(ToolCall("bash", {"command": "sleep 5"}))
    again = sandbox.call(ToolCall("bash", {"command": "echo hello"}))
    killer.join()

    assert observation.error
    assert sandbox.crashed
    assert "exited" in sandbox.crash_reason
    assert again.error and "episode is over" in again.text


@pytest.mark.slow
def test_the_real_debugger_pauses_and_shows_locals_inside_the_sandbox(start_sandbox):
    sandbox, _ = start_sandbox()

    started = sandbox.call(ToolCall("start_debugger", {"file": "test_counter.py"}))
    sandbox.call(ToolCall("add_breakpoint", {"file": "counter.py", "line": 2}))
    paused = sandbox.call(ToolCall("continue_execution", {}))
    shown = sandbox.call(ToolCall("print_variable", {"name": "values"}))

    assert not started.error, started.text
    assert paused.position == ("counter.py", 2)
    assert "[1, 2, 3]" in shown.text


def test_a_session_that_cannot_be_loaded_answers_calls_with_an_error(tmp_path):
    backend = get_backend("bwrap", session_factory="no_such_module:Session")
    sandbox = backend.start(SandboxSpec(workspace=tmp_path))
    try:
        observation = sandbox.call(ToolCall("bash", {"command": "ls"}))
        exec_result = sandbox.exec(["true"])
    finally:
        sandbox.close()

    assert observation.error and "could not be loaded" in observation.text
    assert not sandbox.crashed
    assert exec_result.returncode == 0
