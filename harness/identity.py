"""Which user the model's processes run as, apart from the debug service that starts them.

Inside a sandbox the debug service runs with its real and saved user ids set to ``SERVICE_UID`` and
only its effective id set to the unprivileged sandbox user (see ``harness.sandbox.service``): it
reads and writes the workspace as that user, yet no process of the sandbox user may signal it (the
kernel lets a process signal another only when its real or effective uid is the target's real or
saved uid) or ptrace it (it is not dumpable). Every process the session starts (the shell, the
debugged program, the warm interpreter) first takes the effective ids as its real and saved ones
too (``as_own_user``), so the model's code cannot switch back to ``SERVICE_UID``.
Outside a sandbox the three ids are equal and nothing changes.
"""

from __future__ import annotations

import os

SERVICE_UID = 65533  # no process of the model runs with it; nothing on the host needs it
SERVICE_GID = 65533


def as_own_user() -> None:
    """Make the real and saved user and group ids the effective ones (a preexec function: runs in the
    child between fork and exec). An unprivileged process may always do this."""
    gid = os.getegid()
    if os.getresgid() != (gid, gid, gid):
        os.setresgid(gid, gid, gid)
    uid = os.geteuid()
    if os.getresuid() != (uid, uid, uid):
        os.setresuid(uid, uid, uid)


def popen_user() -> dict:
    """``subprocess.Popen`` keyword arguments with the same effect as ``as_own_user`` (no preexec_fn,
    which is unsafe with threads): empty outside a sandbox."""
    if os.getresuid() == (os.geteuid(),) * 3 and os.getresgid() == (os.getegid(),) * 3:
        return {}
    return {"user": os.geteuid(), "group": os.getegid()}
