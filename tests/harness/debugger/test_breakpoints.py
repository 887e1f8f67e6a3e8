"""Breakpoints: actionable errors per line, and breakpoints that follow their lines through edits."""

from __future__ import annotations

import pytest

from harness.debugger.breakpoints import Breakpoint, follow_edit


@pytest.fixture
def pricing(open_session):
    session = open_session("deep_local")
    session.call("start_debugger", {"file": "pricing.py"})  # python -m pdb: starts in a blink
    return session


def test_each_requested_line_gets_its_own_answer(pricing):
    answer = pricing.call("add_breakpoint", {"breakpoints": [
        {"file": "pricing.py", "lines": [2, 4, 12, 17, 99]}, {"file": "missing.py", "lines": [1]}]})
    lines = answer.text.splitlines()[1:-1]
    assert lines[0] == "pricing.py:2: breakpoint set: #1 pricing.py:2"  # its id, for remove/disable
    assert lines[1].startswith("Error: cannot set a breakpoint at line 4 of pricing.py because it is blank "
                               "or comment-only. Pick an executable line")
    assert "e.g. line 7 (`rate = item.get('discount', 0)`)" in lines[1]  # never a def line
    assert lines[2].startswith("Error: cannot set a breakpoint at line 12 of pricing.py because it is blank "
                               "or comment-only")
    assert "line 13 (`return sum(line_total(i) for i in items)`)" in lines[2]
    assert "line 17 of pricing.py because it is not the start of a statement" in lines[3]
    assert lines[4] == ("Error: cannot set a breakpoint at line 99 of pricing.py: the file has 18 lines. "
                        "Pick a line between 1 and 18 with code on it.")
    assert lines[5].startswith("Error: no file missing.py in the workspace.")
    assert "pricing.py, test_pricing.py" in lines[5]
    assert "*** Blank or comment" not in answer.text
    assert not answer.error  # one line was set; the errors are reported per line
    assert [(bp.file, bp.line) for bp in pricing.debugger.breakpoints] == [("pricing.py", 2)]


def test_all_lines_refused_is_an_error_observation(pricing):
    answer = pricing.call("add_breakpoint", {"file": "pricing.py", "line": 5})
    assert answer.error
    assert "line 5 of pricing.py" in answer.text


def test_a_breakpoint_already_set_is_not_doubled_and_can_be_removed(pricing):
    pricing.call("add_breakpoint", {"file": "pricing.py", "line": 7})
    again = pricing.call("add_breakpoint", {"file": "pricing.py", "line": "7"})
    assert "pricing.py:7: breakpoint already set" in again.text
    removed = pricing.call("remove_breakpoint", {"file": "pricing.py", "line": 7})
    assert "pricing.py:7: breakpoint removed" in removed.text
    missing = pricing.call("remove_breakpoint", {"file": "pricing.py", "line": 7})
    assert missing.error
    assert "no breakpoint at pricing.py:7; current breakpoints: none" in missing.text


@pytest.mark.slow
def test_breakpoints_follow_their_lines_after_an_edit_and_the_program_restarts(open_session):
    session = open_session("deep_local")
    session.call("start_debugger", {"file": "test_pricing.py"})
    session.call("add_breakpoint", {"breakpoints": [{"file": "pricing.py", "lines": [2, 7, 13]}]})
    edit = session.call("edit_file", {
        "file_path": "pricing.py",
        "old_string": "def line_total(item):\n    rate = item.get('discount', 0)\n",
        "new_string": "def line_total(item):\n    # discounts are percentages\n    percent = item.get('discount', 0)\n"
                      "    rate = percent / 100\n",
    })
    assert edit.text.startswith("Successfully replaced 1 occurrence(s) in pricing.py")
    assert "breakpoint pricing.py:13 moved to line 15" in edit.text.lower()
    assert "breakpoint pricing.py:7 moved to line 8" in edit.text.lower()  # the rewritten line keeps its place
    assert "The debugger restarted on test_pricing.py" in edit.text
    assert [(bp.file, bp.line) for bp in session.debugger.breakpoints] == [
        ("pricing.py", 2), ("pricing.py", 8), ("pricing.py", 15)]

    session.call("remove_breakpoint", {"breakpoints": [{"file": "pricing.py", "lines": [8, 15]}]})
    session.call("continue_execution")
    second = session.call("continue_execution")
    assert second.position == ("pricing.py", 2)
    assert "rate = 0.15" in session.call("examine_locals").text  # the edited code is what runs


def test_a_breakpoint_whose_line_is_deleted_is_dropped_with_a_note(pricing):
    pricing.call("add_breakpoint", {"file": "pricing.py", "line": 7})
    answer = pricing.call("edit_file", {"file_path": "pricing.py",
                                         "old_string": "    rate = item.get('discount', 0)\n", "new_string": ""})
    assert "breakpoint pricing.py:7 removed: its line is gone" in answer.text.lower()
    assert pricing.debugger.breakpoints == []


def test_follow_edit_maps_lines_through_inserts_and_deletes():
    old = "a = 1\nb = 2\nc = 3\nd = 4\n"
    new = "import os\na = 1\nc = 3\nd = 4\n"
    moved, remap = follow_edit([Breakpoint("m.py", 1), Breakpoint("m.py", 2), Breakpoint("m.py", 4),
                                Breakpoint("other.py", 2)], "m.py", old, new)
    assert moved == [Breakpoint("m.py", 2), Breakpoint("m.py", 4), Breakpoint("other.py", 2)]
    assert remap.dropped == [Breakpoint("m.py", 2)]
