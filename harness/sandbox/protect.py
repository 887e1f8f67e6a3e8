"""Ownership and modes that make a workspace's test files unchangeable by the sandboxed user.

The sandboxed processes run as an unprivileged uid (``SANDBOX_UID``). Test files stay owned by root
and read-only, so that user can neither write nor chmod them; every folder on the way to one (the root,
``tests/``, ``tests/unit/``, ... : ``folders_on_the_way``) is root's with the sticky bit (mode 1777),
so it can still create and edit its own files there but can neither delete or rename a test file away
nor rename a folder that holds one and put its own in its place. Everything else is handed to the
sandboxed user.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

SANDBOX_UID = 65534  # "nobody" on Debian, present in every image
SANDBOX_GID = 65534


def can_change_owner() -> bool:
    return os.geteuid() == 0


def folders_on_the_way(root: Path, protected_files: Iterable[str]) -> set[Path]:
    """``root`` and every folder under it that holds a protected file, however deep: the ones the sandboxed
    user must not be able to rename (a folder renamed away takes the test files in it along)."""
    return {root} | {parent for name in protected_files for parent in (root / name).parents if root in parent.parents}


def protect_workspace(root: str | Path, protected_files: Iterable[str], *, uid: int = SANDBOX_UID,
                      gid: int = SANDBOX_GID, hand_over: bool = True) -> None:
    """Apply the ownership scheme to ``root`` (only as root; elsewhere modes alone must do).
    ``hand_over=False`` leaves the other files as they are: hard links into a tree that every workspace
    shares (the generator's snapshot), which no run may write through."""
    root = Path(root)
    protected = {Path(p).as_posix() for p in protected_files}
    protected_dirs = folders_on_the_way(root, protected)
    chown = can_change_owner()
    for dirpath, _dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        if chown:
            if here in protected_dirs:
                os.chown(here, 0, 0)
                here.chmod(0o1777)
            else:
                os.chown(here, uid, gid)
                here.chmod(0o755)
        for name in filenames:
            path = here / name
            relative = path.relative_to(root).as_posix()
            if relative in protected:
                if chown:
                    os.chown(path, 0, 0)
                path.chmod(0o444)
            elif chown and hand_over:
                os.chown(path, uid, gid)
                path.chmod(stat.S_IMODE(path.stat().st_mode) | stat.S_IWUSR | stat.S_IRUSR)
