"""Scripted episodes (a real sandbox, the script policy) that use the breakpoint model and a call stepped
into: a conditional breakpoint in a loop stops only when it holds; debug_call pauses inside a function
called from the paused frame, and continuing comes back with its value."""

from __future__ import annotations

import pytest

from harness.episode import run_episode
from harness.policies import make_policy
from harness.trajectory import validation_errors
from tests.helpers.tasks import RUNNING_AVERAGE

pytestmark = pytest.mark.slow


def play(write_script, tmp_path, calls):
    doc = run_episode(RUNNING_AVERAGE, make_policy(f"script:{write_script(calls)}"), arm="dbg",
                      out=tmp_path / "episode.json")
    assert validation_errors(doc.to_json(check=False)) == []
    return doc.steps


def test_a_conditional_breakpoint_in_a_loop_stops_only_when_it_holds(write_script, tmp_path):
    steps = play(write_script, tmp_path, [
        {"name": "start_debugger", "arguments": {"file": "test_stats_window.py", "test": "test_window_keeps_the_latest_values"}},
        {"name": "add_breakpoint", "arguments": {"file": "stats_window.py", "line": 9, "condition": "value == 6"}},
        {"name": "continue_execution", "arguments": {}},
        {"name": "print_variable", "arguments": {"name": "self.values"}},
    ])

    assert not steps[1].error and "if value == 6" in steps[1].observation, steps[1].observation
    assert steps[2].position == ("stats_window.py", 9), steps[2].observation
    assert steps[3].observation.splitlines()[1] == "self.values = [1, 2]"  # the third add: 6 not yet appended


def test_a_call_made_from_the_paused_frame_is_stepped_into_and_comes_back(write_script, tmp_path):
    steps = play(write_script, tmp_path, [
        {"name": "start_debugger", "arguments": {"file": "test_stats_window.py", "test": "test_window_keeps_the_latest_values"}},
        {"name": "run_until", "arguments": {"line": 12}},
        {"name": "debug_call", "arguments": {"expression": "avg.add(6)"}},
        {"name": "step_over", "arguments": {}},
        {"name": "step_over", "arguments": {}},
        {"name": "print_variable", "arguments": {"name": "self.values"}},
        {"name": "continue_execution", "arguments": {}},
    ])

    assert steps[1].position == ("test_stats_window.py", 12), steps[1].observation
    assert steps[2].position == ("stats_window.py", 8) and "nested debugger" in steps[2].observation  # was: no stop
    assert steps[4].position == ("stats_window.py", 10)
    assert steps[5].observation.splitlines()[1] == "self.values = [1, 2, 6]"
    assert steps[6].position == ("test_stats_window.py", 12), steps[6].observation
    assert "The call avg.add(6) returned 1.5; back where you were." in steps[6].observation
