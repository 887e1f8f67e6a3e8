"""harness/process_tree.py reads real processes: a child and its grandchild, a session a child leads,
and a process that is gone (every reader answers "gone" instead of raising)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from harness.process_tree import (
    command_line_of,
    descendants,
    kill_session,
    parents,
    pid_namespace,
    session_members,
    start_time,
    stat_fields,
    state_of,
    wait_channel,
)
from tests.helpers.waiting import poll_until

# A child that starts a sleeping grandchild, prints its pid, then sleeps itself.
PARENT = ("import subprocess, sys, time; p = subprocess.Popen(['sleep', '61.5']); print(p.pid, flush=True); "
          "time.sleep(61.5)")


@pytest.fixture
def family():
    """(child, grandchild pid): the child in a session of its own."""
    child = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True,
                             start_new_session=True)
    grandchild = int(child.stdout.readline())
    yield child, grandchild
    kill_session(child.pid)
    child.wait(timeout=30)


def test_a_child_and_its_grandchild_are_below_this_process_parents_first(family):
    child, grandchild = family

    below = descendants(os.getpid())

    assert below.index(child.pid) < below.index(grandchild)
    assert parents()[grandchild] == child.pid and int(stat_fields(grandchild)[1]) == child.pid


def test_the_session_a_child_leads_holds_it_and_what_it_started(family):
    child, grandchild = family

    assert sorted(session_members(child.pid)) == sorted([child.pid, grandchild])
    assert os.getpid() not in session_members(child.pid)


def test_a_process_is_read_by_its_command_line_state_namespace_and_start_time(family):
    _, grandchild = family

    # The parent's Popen returns once exec has closed its pipe, a moment before the kernel has set up
    # the new program's arguments: until then /proc/PID/cmdline reads empty.
    assert poll_until(lambda: command_line_of(grandchild) == "sleep 61.5 ", 10, interval_s=0.05)
    assert poll_until(lambda: state_of(grandchild) == "S", 10, interval_s=0.05)
    assert isinstance(wait_channel(grandchild), str)
    assert pid_namespace(grandchild) == pid_namespace(os.getpid())
    assert str(pid_namespace(grandchild)).startswith("pid:")
    assert start_time(grandchild) is not None and start_time(grandchild) != start_time(os.getpid())


def test_killing_a_session_ends_its_background_processes_too(family):
    child, grandchild = family

    kill_session(child.pid)
    child.wait(timeout=30)

    assert poll_until(lambda: state_of(grandchild) in ("", "Z"), 10, interval_s=0.05)


def test_a_process_that_is_gone_reads_as_gone():
    gone = 2**22 + 1  # above the kernel's largest pid_max: never a process

    assert (stat_fields(gone), start_time(gone), pid_namespace(gone)) == (None, None, None)
    assert (state_of(gone), command_line_of(gone), wait_channel(gone)) == ("", "", "")
    assert (session_members(gone), descendants(gone)) == ([], [])
