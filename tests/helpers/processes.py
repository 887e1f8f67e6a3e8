"""Finding the processes a test started, through ``harness.process_tree`` (the product's /proc reader).

Tests share the machine with other test workers that run the same programs, so each finder narrows to
what one test owns: a marker in the command line, the sessions of its own children, a sandbox's PID
namespace.
"""

from __future__ import annotations

import os
import time

from harness.process_tree import command_line_of, pid_namespace, pids, session_members, state_of


def processes_with(marker: str) -> list[int]:
    """Processes whose command line (arguments joined by spaces) contains ``marker``."""
    return [pid for pid in pids() if marker in command_line_of(pid)]


def processes_in_sessions(leaders) -> list[int]:
    """The live (not zombie) processes of the sessions these pids lead."""
    return [pid for leader in leaders for pid in session_members(leader) if state_of(pid) not in ("", "Z")]


def processes_in_namespace(namespace: str) -> list[int]:
    """Processes in the PID namespace ``namespace`` (one sandbox's, as ``pid_namespace`` names it)."""
    return [pid for pid in pids() if pid_namespace(pid) == namespace]


def left_in_namespace(namespace: str, timeout_s: float = 30.0) -> list[int]:
    """What still runs in ``namespace`` once it emptied or ``timeout_s`` passed: [] when nothing is left."""
    deadline = time.monotonic() + timeout_s
    while (left := processes_in_namespace(namespace)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def sandbox_namespace(sandbox) -> str:
    """The PID namespace the sandbox's service and everything it started live in."""
    if sandbox.backend_name == "docker":
        sandbox.container.reload()
        namespace = pid_namespace(sandbox.container.attrs["State"]["Pid"])
        assert namespace is not None, "the container's process is gone"
        return namespace
    own = pid_namespace(os.getpid())  # the cgroup also holds the outer bwrap, in the host's namespace
    inside = {pid_namespace(pid) for pid in sandbox.cgroup.pids()} - {own, None}
    assert len(inside) == 1, inside
    return inside.pop()


def warm_interpreters(namespace: str) -> list[int]:
    """The debugger's warm interpreters (prepared or serving) in a PID namespace."""
    return [pid for pid in processes_in_namespace(namespace) if "warm_interpreter.py" in command_line_of(pid)]
