"""The warm interpreter started ahead of the session that will use it.

The debug service starts one as soon as it runs, before any session is open: a pooled sandbox's
service runs for seconds over an empty staging folder before its episode arrives, so the imports are
paid there, off the episode's clock. The session's debugger takes it (``take``) when it was started
with the same interpreter and environment in the same folder, else it starts its own. Only the folder's
identity (device, inode) is compared: the local pool renames the staging folder onto the episode's path,
and the server's working directory follows the rename. Started over an empty folder, it can have imported
nothing of a workspace; ``discard`` ends one nobody took.
"""

from __future__ import annotations

import os

from harness.debugger.fork_server import ForkServer, ForkServerError

_waiting: tuple[tuple, ForkServer] | None = None  # (what it was started with, the server)


def _key(python: str, workspace: str, env: dict[str, str]) -> tuple:
    folder = os.stat(workspace)
    return python, (folder.st_dev, folder.st_ino), tuple(sorted(env.items()))


def start(*, python: str, workspace: str, env: dict[str, str]) -> bool:
    """Start the warm interpreter for a session to come (its imports run in the background); False
    when it could not start (the session then starts its own, or runs cold)."""
    global _waiting
    discard()
    try:
        key = _key(python, workspace, env)
        _waiting = (key, ForkServer(python=python, workspace=workspace, env=env))
    except (OSError, ForkServerError):
        return False
    return True


def take(*, python: str, workspace: str, env: dict[str, str]) -> ForkServer | None:
    """The waiting warm interpreter when it was started for this very session (and is alive), else
    None; a waiting one that does not fit is ended, so two never run side by side."""
    global _waiting
    if _waiting is None:
        return None
    (key, server), _waiting = _waiting, None
    try:
        fits = key == _key(python, workspace, env)
    except OSError:
        fits = False
    if fits and server.alive:
        return server
    server.close()
    return None


def discard() -> None:
    """End the waiting warm interpreter, if nobody took it."""
    global _waiting
    if _waiting is not None:
        _waiting[1].close()
        _waiting = None
