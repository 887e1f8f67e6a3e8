"""Processes as /proc shows them, and ending a PTY child with everything it started.

The one place that reads /proc: the debugger and the shell end their children's sessions (the pdb and
bash children each lead one), the local sandbox backend finds a service's descendants, the sandbox owner
record reads a start time, the tests look for what a run left behind. Stdlib only: it runs inside the
sandbox too. A process can end between two reads, so every reader answers "gone" instead of raising.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

PROC = Path("/proc")


def pids() -> list[int]:
    """Every process id this process can see."""
    return [int(entry.name) for entry in PROC.iterdir() if entry.name.isdigit()]


def stat_fields(pid: int) -> list[str] | None:
    """/proc/<pid>/stat after the command name (which may hold spaces and parentheses): ``[0]`` state,
    ``[1]`` parent pid, ``[2]`` process group, ``[3]`` session, ``[19]`` start time; None once gone."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return stat[stat.rfind(")") + 2:].split()


def state_of(pid: int) -> str:
    """The state letter (``R``, ``S``, ``T``, ``Z`` ...); "" once gone."""
    fields = stat_fields(pid)
    return fields[0] if fields else ""


def wait_channel(pid: int) -> str:
    """The kernel function ``pid`` sleeps in (``n_tty_read``: waiting for terminal input); "" once gone."""
    try:
        return (PROC / str(pid) / "wchan").read_text().strip()
    except OSError:
        return ""


def start_time(pid: int) -> str | None:
    """When ``pid`` started, in clock ticks since boot (tells a reused pid from the process it was)."""
    fields = stat_fields(pid)
    return fields[19] if fields and len(fields) > 19 else None


def command_line_of(pid: int) -> str:
    """The arguments ``pid`` was started with, each followed by a space; "" once gone."""
    try:
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def pid_namespace(pid: int) -> str | None:
    """The PID namespace ``pid`` lives in (``pid:[4026531836]``); None once gone or not ours to read."""
    try:
        return os.readlink(PROC / str(pid) / "ns" / "pid")
    except OSError:
        return None


def parents() -> dict[int, int]:
    """pid -> parent pid of every process this one can see."""
    out = {}
    for pid in pids():
        fields = stat_fields(pid)
        if fields and len(fields) > 1:
            out[pid] = int(fields[1])
    return out


def descendants(pid: int) -> list[int]:
    """Every process below ``pid``, parents before their children."""
    children: dict[int, list[int]] = {}
    for child, parent in parents().items():
        children.setdefault(parent, []).append(child)
    found, queue = [], list(children.get(pid, []))
    while queue:
        current = queue.pop(0)
        found.append(current)
        queue.extend(children.get(current, []))
    return found


def session_members(session_id: int) -> list[int]:
    """Process ids whose session is ``session_id``."""
    members = []
    for pid in pids():
        fields = stat_fields(pid)
        if fields and len(fields) > 3 and int(fields[3]) == session_id:
            members.append(pid)
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
