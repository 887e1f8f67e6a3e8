"""Ending a PTY child and everything it started (the pdb and bash children each lead a session)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path


def session_members(session_id: int) -> list[int]:
    """Process ids whose session is ``session_id`` (read from /proc; stdlib only)."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # Fields after the ")" closing the command name: state ppid pgrp session ...
        fields = stat[stat.rfind(")") + 2:].split()
        if len(fields) > 3 and int(fields[3]) == session_id:
            members.append(int(entry.name))
    return members


def kill_session(leader_pid: int | None) -> None:
    """SIGKILL the session led by ``leader_pid`` (a pexpect child), background jobs included."""
    if not leader_pid:
        return
    for pid in [leader_pid, *session_members(leader_pid)]:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def close_child(child) -> None:
    """Kill a pexpect child's session and reap it, without ever blocking for long."""
    if child is None:
        return
    kill_session(child.pid)
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(child.pid, os.WNOHANG)
        except ChildProcessError:
            break
        if pid:
            break
        time.sleep(0.01)
    try:
        child.close(force=True)
    except Exception:  # already reaped above; pexpect may complain, nothing left to do
        pass
