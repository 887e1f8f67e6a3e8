"""A bash call's structured ShellRecord, from the real shell: its exit status and its test summary,
written by the shell tool beside the text; and read from the text for a step recorded before steps
carried one, to the same record (so old and new trajectories score the same)."""

from __future__ import annotations

import pytest

from harness.records.shell import ShellRecord, answer_digest
from harness.trajectory import Step


@pytest.mark.parametrize("command, code, passed", [
    # The two pytest runs inside the sandbox take a second or two each: slow.
    pytest.param("python -m pytest -q test_pricing.py", 1, False, marks=pytest.mark.slow),  # the bug: it fails
    pytest.param("python -m pytest -q test_pricing.py -k nothing_matches", 5, None,  # all deselected: no summary
                 marks=pytest.mark.slow),
    ("echo '1 passed in 0.1s'", 0, True),  # what the summary says, whoever printed it: scoring asks the status too
    ("ls pricing.py", 0, None),
    ("sed -n 1p missing.py", 2, None),
])
def test_the_shell_tool_records_the_status_and_the_test_summary(open_session, command, code, passed):
    session = open_session("deep_local", arm="base")

    observation = session.call("bash", {"command": command})

    assert observation.shell == ShellRecord(code, passed, answer_digest(observation.text))
    assert ShellRecord.from_text(observation.text) == observation.shell  # an old step reads the same
    assert ShellRecord.from_json(observation.shell.to_json()) == observation.shell


@pytest.mark.slow  # runs the task's whole test suite under pytest in the sandbox (~4 s)
def test_a_fixed_program_passes_and_the_record_crosses_the_protocol(open_session):
    session = open_session("deep_local", arm="base")
    session.call("edit_file", {"file_path": "pricing.py", "old_string": "(1 - rate)", "new_string": "(1 - rate / 100)"})

    observation = session.call("bash", {"command": "python -m pytest -q"})

    assert (observation.shell.exit_code, observation.shell.tests_passed) == (0, True)
    assert type(observation).from_dict(observation.to_dict()).shell == observation.shell


def test_a_command_that_times_out_has_no_status(open_session):
    session = open_session("deep_local", arm="base", command_timeout_s=1.0)

    observation = session.call("bash", {"command": "sleep 30"})

    assert observation.error and observation.shell == ShellRecord(None, None, answer_digest(observation.text))


@pytest.mark.slow  # two pytest runs in the sandbox
def test_the_same_test_run_twice_has_one_digest_whatever_its_clock_said(open_session):
    session = open_session("deep_local", arm="base")

    first = session.call("bash", {"command": "python -m pytest -q test_pricing.py"})
    again = session.call("bash", {"command": "python -m pytest -q test_pricing.py"})
    listing = session.call("bash", {"command": "ls"})

    assert first.shell.answer_digest == again.shell.answer_digest == answer_digest(first.text)
    assert listing.shell.answer_digest != first.shell.answer_digest
    assert answer_digest("1 failed in 0.12s") == answer_digest("1 failed in 3.40s")
    assert answer_digest("1 failed in 0.12s") != answer_digest("1 passed in 0.12s")


def test_a_record_written_before_the_digest_gets_it_from_its_text_and_is_written_back_as_it_was():
    stored = {"turn": 1, "tool": "bash", "arguments": {"command": "python -m pytest -q"},
              "observation": "F\n1 failed in 0.31s\n[exit code 1]", "position": None, "duration_ms": 5.0,
              "error": False, "shell": {"version": 1, "exit_code": 1, "tests_passed": False}}

    step = Step.from_json(stored)

    assert step.shell is not None and step.shell.answer_digest == answer_digest("F\n1 failed in 0.02s\n[exit code 1]")
    assert step.to_json() == stored
