"""Calls a hostile model sends, each answered through the real sandbox path (bubblewrap and Docker):
an ``Error: …`` that says what was wrong, or the program's real fate, never a harness failure, a hang
or a lost file. Each test reproduces a call that once crashed, hung or lost data."""

from __future__ import annotations

import dataclasses
import time

import pytest

from corpus.materialize import materialize
from harness.records.observation import ToolCall
from harness.sandbox.backends.base import SandboxSpec
from tests.harness.sandbox.conftest import SMALL
from tests.helpers.sandboxes import backend_fixture

INSIDE_THE_HARNESS = "inside the harness"


backend = backend_fixture()


def call(sandbox, tool: str, **arguments):
    return sandbox.call(ToolCall(tool, arguments))


def answered(observation) -> bool:
    return INSIDE_THE_HARNESS not in observation.text and "inside the sandbox" not in observation.text


@pytest.mark.slow
def test_an_edit_with_a_lone_surrogate_is_refused_and_the_file_is_kept_whole(sandbox):
    before = (sandbox.workspace / "counter.py").read_bytes()
    edit = call(sandbox, "edit_file", file_path="counter.py", old_string="values[1:]", new_string="values\ud800")
    write = call(sandbox, "write_file", file_path="counter.py", content="x = '\ud800'\n")

    for observation in (edit, write):
        assert observation.error and answered(observation), observation.text
        assert "lone surrogate \\ud800" in observation.text
    assert (sandbox.workspace / "counter.py").read_bytes() == before
    assert not sandbox.crashed


@pytest.mark.slow
def test_inspection_with_a_lone_surrogate_gets_an_error_naming_the_argument(sandbox):
    call(sandbox, "start_debugger", file="test_counter.py")
    printed = call(sandbox, "print_variable", name="x\ud800")
    ran = call(sandbox, "run_expression", expression="'\ud800'")
    still = call(sandbox, "run_expression", expression="1 + 1")

    assert printed.error and "print_variable: name is not valid text" in printed.text, printed.text
    assert ran.error and "run_expression: expression is not valid text" in ran.text, ran.text
    assert "2" in still.text and not still.error


@pytest.mark.slow
@pytest.mark.parametrize("path, says", [("a\x00b.py", "NUL byte"), ("a" * 300 + ".py", "at most 255 bytes"),
                                        ("d/" * 2100 + "x.py", "shorter than 4096 bytes")])
def test_an_impossible_path_gets_a_plain_error(sandbox, path, says):
    for observation in (call(sandbox, "write_file", file_path=path, content="x = 1\n"),
                        call(sandbox, "edit_file", file_path=path, old_string="x", new_string="y"),
                        call(sandbox, "start_debugger", file=path)):
        assert observation.error and answered(observation), observation.text
        assert says in observation.text
    assert not sandbox.crashed


@pytest.mark.slow
@pytest.mark.parametrize("name, source", [("notes.py", "# only a comment\n"), ("pkg/__init__.py", "")])
def test_starting_the_debugger_on_a_file_with_no_code_answers_at_once(sandbox, name, source):
    call(sandbox, "write_file", file_path=name, content=source)

    started = call(sandbox, "start_debugger", file=name)
    after = call(sandbox, "bash", command="echo still here")

    assert started.error and f"nothing to debug in {name}: it holds no code that runs" in started.text, started.text
    assert "test_counter.py" in started.text  # where to start instead
    assert after.text.strip() == "still here" and not sandbox.crashed


@pytest.mark.slow
def test_a_long_expression_travels_whole_and_one_past_the_limit_is_refused_saying_so(sandbox):
    call(sandbox, "start_debugger", file="test_counter.py")
    long_sum = "+".join(["1"] * 2000)  # ~4 KB: past the terminal's 4095-byte line, once encoded
    longest = f"len({'x' * 60_000!r})"

    summed = call(sandbox, "run_expression", expression=long_sum)
    counted = call(sandbox, "print_variable", name=longest)
    too_long = call(sandbox, "run_expression", expression="1+" * 40_000 + "1")
    after = call(sandbox, "run_expression", expression="6 * 7")

    assert "2000" in summed.text and not summed.error, summed.text
    assert "= 60000" in counted.text and not counted.error, counted.text[-300:]
    assert too_long.error and "the expression is 80001 bytes; the debugger takes at most 65536 bytes" in too_long.text
    assert "42" in after.text and not sandbox.crashed


SEGFAULT = "import ctypes\n\n\ndef crash():\n    ctypes.string_at(0)\n\n\ncrash()\n"


@pytest.mark.slow
def test_a_segfault_in_the_program_is_reported_as_the_signal_that_killed_it(sandbox):
    call(sandbox, "write_file", file_path="crasher.py", content=SEGFAULT)
    call(sandbox, "start_debugger", file="crasher.py")

    ended = call(sandbox, "continue_execution")
    again = call(sandbox, "continue_execution")

    for observation in (ended, again):
        assert "The program was killed by signal SIGSEGV (Segmentation fault)" in observation.text, observation.text
        assert "ran to its end" not in observation.text
    assert 'crasher.py", line 5 in crash' in ended.text  # where it crashed, from faulthandler
    assert ended.position == ("crasher.py", 1) and not sandbox.crashed  # restarted, paused at the top


@pytest.mark.slow
def test_a_program_that_ends_its_own_process_is_reported_with_its_exit_status(sandbox):
    call(sandbox, "start_debugger", file="test_counter.py")

    ended = call(sandbox, "run_expression", expression="__import__('os')._exit(3)")

    assert "The program exited with status 3 before its end" in ended.text, ended.text
    assert "ran to its end" not in ended.text and ended.position == ("test_counter.py", 5)


@pytest.mark.slow
def test_a_call_the_sandbox_stopped_mid_way_is_timed_by_the_host_and_marked_as_a_limit(backend, task, tmp_path):
    workspace = materialize(task, tmp_path / "ws")
    limits = dataclasses.replace(SMALL, wall_seconds=5.0, tool_timeout_s=120)
    box = backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files, limits=limits))
    try:
        waited = time.monotonic()
        observation = call(box, "bash", command="sleep 300")
        waited = (time.monotonic() - waited) * 1000
    finally:
        box.close()

    assert box.crashed and box.hit_limit and "wall-clock limit reached" in box.crash_reason
    assert observation.error and "the sandbox has stopped" in observation.text
    assert 0 < observation.duration_ms <= waited  # was 0: the lost call was never timed


FLOOD = ("__import__('threading').Thread(target=lambda: [print('x' * 4095) for _ in iter(int, 1)], "
         "daemon=True).start()")  # prints without end, as fast as the terminal takes it
BUSY = "[__import__('time').sleep(0.5) for _ in range(8)] and 'busy'"  # 4 s of the flood read in one exchange


@pytest.mark.slow
def test_a_thread_printing_without_end_costs_time_not_memory(backend, task, tmp_path):
    workspace = materialize(task, tmp_path / "ws")
    limits = dataclasses.replace(SMALL, cpu_seconds=120)  # the flood burns CPU; memory is what is checked
    box = backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files, limits=limits))
    try:
        call(box, "start_debugger", file="test_counter.py")
        call(box, "run_expression", expression=FLOOD)
        answers = [call(box, "run_expression", expression=BUSY) for _ in range(2)]
        last = call(box, "where_am_i")
    finally:
        box.close()

    assert not box.crashed, box.crash_reason  # was: memory limit reached (the output was kept whole)
    # The debugger holds the other threads while it answers (all-stop), so the flood may not reach an answer
    # at all; whatever of it does is cut to the bound, with the truncation mark.
    flooded = [answer for answer in answers if "x" * 200 in answer.text]
    assert all("<OUTPUT_TRUNCATED remaining_bytes=" in answer.text for answer in flooded)
    assert all(len(answer.text) < 64_000 for answer in answers)
    # pdb still answers; its words may sit among the flood's lines, so only the cursor is checked.
    assert last.position == ("test_counter.py", 5) and not last.error
