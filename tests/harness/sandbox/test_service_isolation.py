"""The debug service that judges the model runs where the model's processes cannot signal or trace it:
kill -9 $PPID, kill -9 -1 and os.kill(os.getppid(), 9) in run_expression leave the
session answering, in bwrap and Docker sandboxes."""

from __future__ import annotations

import pytest

from harness.records.observation import ToolCall
from harness.sandbox.backends import get_backend
from tests.harness.sandbox.conftest import ISOLATING_BACKENDS, open_sandbox

BACKENDS = ISOLATING_BACKENDS


@pytest.fixture(params=BACKENDS)
def sandbox(request, task, tmp_path):
    backend = get_backend(request.param)
    box, _ = open_sandbox(backend, task, tmp_path / "ws")
    yield box
    box.close()
    backend.close()


def call(sandbox, name: str, **arguments):
    return sandbox.call(ToolCall(name, arguments))


def still_answers(sandbox) -> None:
    assert call(sandbox, "bash", command="echo alive").text == "alive"
    started = call(sandbox, "start_debugger", file="test_counter.py")
    assert started.position == ("test_counter.py", 5), started.text
    assert "post-mortem" in call(sandbox, "continue_execution").text
    assert not sandbox.crashed, sandbox.crash_reason


@pytest.mark.slow
@pytest.mark.parametrize("command", ["kill -9 $PPID", "kill -9 -1", "kill -INT $PPID; kill -TERM $PPID; kill -STOP $PPID",
                                     "for p in /proc/[0-9]*; do kill -9 ${p#/proc/} 2>/dev/null; done; echo done"])
def test_the_models_shell_cannot_kill_the_debug_service(sandbox, command):
    call(sandbox, "bash", command=command)

    still_answers(sandbox)


@pytest.mark.slow
@pytest.mark.parametrize("expression", ["__import__('os').kill(__import__('os').getppid(), 9)",
                                        "__import__('os').kill(-1, 9)"])
def test_the_debugged_program_cannot_kill_the_debug_service(sandbox, expression):
    call(sandbox, "start_debugger", file="test_counter.py")
    answer = call(sandbox, "run_expression", expression=expression)

    assert not sandbox.crashed, (answer.text, sandbox.crash_reason)
    still_answers(sandbox)


def test_the_service_cannot_be_traced_or_read_by_the_model(sandbox):
    answer = call(sandbox, "bash", command="cat /proc/$PPID/environ; echo; ls /proc/$PPID/fd; "
                                           "python3 -c \"import os; print(os.getresuid())\"")

    assert "Permission denied" in answer.text
    assert "(65534, 65534, 65534)" in answer.text
