"""Who owns a sandbox: host name, pid and the pid's start time (so a reused pid is not mistaken for
the owner). Containers carry it as a label, quota mounts in their source (``harness.sandbox.orphans``
stops what a dead owner left)."""

from __future__ import annotations

import os
import socket

from harness.process_tree import start_time


def owner_id(pid: int | None = None) -> str:
    pid = pid or os.getpid()
    return f"{socket.gethostname()}:{pid}:{start_time(pid) or '?'}"


def owner_alive(owner: str) -> bool:
    """Whether the process ``owner_id`` names still runs (owners on other hosts count as alive)."""
    host, _, rest = owner.partition(":")
    pid, _, started = rest.partition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return True
    return start_time(int(pid)) == started
