"""Restarts fork a warm, pre-imported interpreter: every run sees the workspace as it is now, the
warm interpreter never imports a workspace module, and nothing outlives the session."""

from __future__ import annotations

import os

import pytest

from harness.session import DebugSession

MODULE = '''\
import os

open(f"imported-by-{os.getpid()}", "w").close()


def total(values):
    return sum(values)
'''
TEST = '''\
from calc import total


def test_total():
    assert total([1, 2, 3]) == 6
'''


def workspace(tmp_path):
    (tmp_path / "calc.py").write_text(MODULE)
    (tmp_path / "test_calc.py").write_text(TEST)
    return tmp_path


def test_a_module_edited_between_two_runs_is_seen_by_the_next_forked_run(tmp_path):
    with DebugSession(workspace(tmp_path), protected_files=["test_calc.py"]) as session:
        session.call("start_debugger", {"file": "test_calc.py"})
        first_run = session.debugger.program
        passed = session.call("continue_execution")  # runs to its end, forked again, paused at the start
        server = session.debugger.server.process.pid
        session.call("edit_file", {"file_path": "calc.py", "old_string": "sum(values)",
                                   "new_string": "sum(values) + 100"})
        failed = session.call("continue_execution")
        second_run = session.debugger.program

    assert first_run.forked and second_run.forked and first_run.child.pid != second_run.child.pid
    assert "ran to its end (1 passed" in passed.text and passed.position == ("test_calc.py", 5)
    assert "post-mortem" in failed.text and "assert 106 == 6" in failed.text
    importers = {int(p.name.removeprefix("imported-by-")) for p in tmp_path.glob("imported-by-*")}
    assert len(importers) == 3 and server not in importers  # one import per run, none by the server


def test_closing_the_session_ends_the_warm_interpreter(tmp_path):
    session = DebugSession(workspace(tmp_path), protected_files=["test_calc.py"])
    session.call("start_debugger", {"file": "test_calc.py"})
    server = session.debugger.server.process.pid

    session.close()

    assert not os.path.exists(f"/proc/{server}") or open(f"/proc/{server}/stat").read().split(") ")[1][0] == "Z"


@pytest.mark.slow
def test_without_the_warm_interpreter_the_program_starts_fresh_and_answers_the_same(tmp_path):
    with DebugSession(workspace(tmp_path), protected_files=["test_calc.py"]) as session:
        session.debugger.warm = False
        started = session.call("start_debugger", {"file": "test_calc.py"})
        again = session.call("continue_execution")
        forked = session.debugger.program.forked

    assert not forked and session.debugger.server is None
    assert started.position == again.position == ("test_calc.py", 5)


def test_the_warm_interpreter_is_started_with_the_session_and_the_first_start_forks_from_it(tmp_path):
    with DebugSession(workspace(tmp_path), protected_files=["test_calc.py"]) as session:
        prepared = session.debugger.server
        assert prepared is not None and prepared.alive  # before any start_debugger
        started = session.call("start_debugger", {"file": "test_calc.py"})  # at once: before it is ready
        program, server = session.debugger.program, session.debugger.server

    assert started.position == ("test_calc.py", 5), started.text
    assert program is not None and program.forked and server is prepared  # it waited: no cold run, no second server
    importers = {int(p.name.removeprefix("imported-by-")) for p in tmp_path.glob("imported-by-*")}
    assert importers == {program.pid}  # the prepared interpreter imported nothing of the workspace


def test_without_prepare_the_warm_interpreter_starts_with_the_first_run(tmp_path):
    with DebugSession(workspace(tmp_path), protected_files=["test_calc.py"], prepare_debugger=False) as session:
        before = session.debugger.server
        session.call("start_debugger", {"file": "test_calc.py"})
        forked = session.debugger.program.forked

    assert before is None and forked


def test_the_base_arm_starts_no_warm_interpreter(tmp_path):
    with DebugSession(workspace(tmp_path), arm="base", protected_files=["test_calc.py"]) as session:
        assert session.debugger.server is None
