"""Waiting for a contained process (a bwrap exec, a warm verifier's run) within its time limit, then
ending its cgroup: what both kinds of run share."""

from __future__ import annotations

import subprocess

from harness.sandbox.backends.base import ExecResult
from harness.sandbox.cgroups import CgroupLimits


def finish_contained(process: subprocess.Popen, group: CgroupLimits | None, timeout_s: float,
                     stdin: bytes | None = None) -> ExecResult:
    """Wait for ``process`` (sending ``stdin`` first) for at most ``timeout_s``; kill it and everything in
    its cgroup past that, and destroy the cgroup."""
    timed_out = False
    try:
        stdout, stderr = process.communicate(stdin, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        timed_out = True
        process.kill()
        if group is not None:
            group.kill_all()
        stdout, stderr = process.communicate()
    reason = group.breach() if group is not None else None
    if group is not None:
        group.destroy()
    if timed_out and reason is None:
        reason = f"timed out after {timeout_s:g} s and was stopped"
    if process.returncode == 125 and not stdout and group is not None:
        reason = reason or "could not join the sandbox's cgroups"
    return ExecResult(returncode=process.returncode, stdout=(stdout or b"").decode(errors="replace"),
                      stderr=(stderr or b"").decode(errors="replace"), timed_out=timed_out, reason=reason)
