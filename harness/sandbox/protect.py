"""Ownership and modes that make a workspace's test files unchangeable by the sandboxed user.

The sandboxed processes run as an unprivileged uid (``SANDBOX_UID``). Test files stay owned by root
and read-only, so that user can neither write nor chmod them; the folders holding them are root's
with the sticky bit (mode 1777), so it can still create and edit its own files there but cannot
delete or rename a test file away. Everything else is handed to the sandboxed user.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Iterable
from pathlib import Path

SANDBOX_UID = 65534  # "nobody" on Debian, present in every image
SANDBOX_GID = 65534


def can_change_owner() -> bool:
    return os.geteuid() == 0


def protect_workspace(root: str | Path, protected_files: Iterable[str], *, uid: int = SANDBOX_UID,
                      gid: int = SANDBOX_GID) -> None:
    """Apply the ownership scheme to ``root`` (only as root; elsewhere modes alone must do)."""
    root = Path(root)
    protected = {Path(p).as_posix() for p in protected_files}
    protected_dirs = {root} | {(root / p).parent for p in protected}
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
            elif chown:
                os.chown(path, uid, gid)
                path.chmod(stat.S_IMODE(path.stat().st_mode) | stat.S_IWUSR | stat.S_IRUSR)


def restore_files(root: str | Path, files: dict[str, str], *, protected: bool = True) -> list[str]:
    """Rewrite ``files`` (name -> original text) under ``root``; returns the names that had changed.

    Used by the verifier so that a test edited by any route is judged in its original form.
    """
    root = Path(root)
    changed = []
    for name, text in files.items():
        path = root / name
        try:
            current = path.read_text(encoding="utf-8") if path.is_file() and not path.is_symlink() else None
        except (OSError, UnicodeDecodeError):
            current = None
        if current != text:
            changed.append(name)
            if path.is_symlink() or path.is_dir():
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                else:
                    path.unlink()
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():
                path.chmod(0o644)
            path.write_text(text, encoding="utf-8")
        if protected:
            if can_change_owner():
                os.chown(path, 0, 0)
            path.chmod(0o444)
    return changed
