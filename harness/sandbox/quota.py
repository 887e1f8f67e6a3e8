"""A disk quota on a sandbox's workspace: a size-limited tmpfs mounted on the host at the workspace's
own path, so the sandbox (which binds that path) and the host (which reads it) see the same files,
and a write past the limit fails inside the sandbox with the ordinary "No space left on device".

Lifecycle, for a workspace folder that already holds the task's files:

- ``WorkspaceQuota.mount(path, size_mb)``: the files are moved aside (a rename on the same file
  system), the tmpfs is mounted on ``path`` and the files are copied onto it;
- ``take_over(source)`` (a warm pool's hand-over): ``source``'s files are copied onto the tmpfs,
  ``source`` is emptied and the tmpfs is bind-mounted on it, so the caller's path shows the files the
  sandbox works on;
- ``release()`` once every process of the sandbox is gone: what is on the tmpfs is copied back to the
  host's disk (regular files, folders and symbolic links as links, never followed; nothing else) into
  the same paths, and the mounts are detached. The workspace outlives the sandbox as before.

Mounting needs root on the host; where it is refused, ``mount`` returns None and the sandbox runs
without a quota (the per-file size rlimit still applies), as before. The mount's source names its
owner (``harness.sandbox.orphans.owner_id``), so the mounts of a harness killed before it could
release them are found and released by ``release_orphaned_quotas`` (part of
``harness.sandbox.orphans.reap_orphaned_sandboxes``).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

from harness.sandbox.owner import owner_alive, owner_id

MS_NOSUID, MS_NODEV, MS_BIND = 2, 4, 4096
MNT_DETACH = 2
WORKSPACE_MOUNT = "stepwise-workspace"  # the tmpfs's source is "<this>:<owner_id>"
INODES_PER_MB = 256  # a flood of empty files hits the quota too (about 4 KB of inode budget each)
_libc = None


def _call(name: str, *args) -> None:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
    if getattr(_libc, name)(*args) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{name}: {os.strerror(errno)}")


def copy_tree(source: Path, destination: Path) -> None:
    """Copy folders, regular files (mode and owner kept) and symbolic links (as links, never followed)
    from ``source`` into the existing folder ``destination``; fifos, sockets and devices, and what
    cannot be read (a path past the system's length limit), are left out. Iterative: a model's
    thousands of nested folders cannot exhaust the stack."""
    pending = [(source, destination)]
    while pending:
        here, target = pending.pop()
        try:
            names = sorted(os.listdir(here))
        except OSError:
            continue
        for name in names:
            path, copy = here / name, target / name
            try:
                info = path.lstat()
                if stat.S_ISLNK(info.st_mode):
                    os.symlink(os.readlink(path), copy)
                    continue
                if stat.S_ISDIR(info.st_mode):
                    copy.mkdir()
                    pending.append((path, copy))
                elif stat.S_ISREG(info.st_mode):
                    _copy_file(path, copy)
                else:
                    continue
                _same_owner_and_mode(copy, info)
            except OSError:
                continue


def _same_owner_and_mode(path: Path, info: os.stat_result) -> None:
    if os.geteuid() == 0:
        os.chown(path, info.st_uid, info.st_gid, follow_symlinks=False)
    os.chmod(path, stat.S_IMODE(info.st_mode))


def _copy_file(path: Path, copy: Path) -> None:
    source = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        target = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            offset = 0
            while True:
                copied = os.sendfile(target, source, offset, 1 << 24)
                if not copied:
                    break
                offset += copied
        finally:
            os.close(target)
    finally:
        os.close(source)


def _empty(folder: Path) -> None:
    for entry in list(folder.iterdir()):
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)


class WorkspaceQuota:
    def __init__(self, path: Path, size_mb: int):
        self.path = path  # where the tmpfs is mounted
        self.size_mb = size_mb
        self.binds: list[Path] = []  # where it is also bind-mounted (a pool's hand-over)
        self.released = False

    @classmethod
    def mount(cls, path: str | Path, size_mb: int) -> WorkspaceQuota | None:
        """Put ``path`` (a folder, possibly holding files) on a tmpfs of ``size_mb``; None when mounting
        is not permitted here (not root) or ``size_mb`` is 0 (no quota asked for)."""
        path = Path(path)
        if size_mb <= 0 or os.geteuid() != 0:
            return None
        aside = Path(tempfile.mkdtemp(prefix=".stepwise-quota-", dir=path.parent))
        try:
            for entry in list(path.iterdir()):
                os.rename(entry, aside / entry.name)
            options = f"size={size_mb}m,nr_inodes={max(1024, size_mb * INODES_PER_MB)},mode=0755"
            try:
                source = f"{WORKSPACE_MOUNT}:{owner_id()}".encode()
                _call("mount", source, bytes(path), b"tmpfs", MS_NOSUID | MS_NODEV, options.encode())
            except OSError:
                for entry in list(aside.iterdir()):
                    os.rename(entry, path / entry.name)
                return None
            copy_tree(aside, path)
        finally:
            shutil.rmtree(aside, ignore_errors=True)
        return cls(path, size_mb)

    def take_over(self, source: str | Path) -> Path:
        """Bring ``source``'s files onto the quota and show them at ``source`` (see the module doc)."""
        source = Path(source)
        copy_tree(source, self.path)
        _empty(source)
        _call("mount", bytes(self.path), bytes(source), None, MS_BIND, None)
        self.binds.append(source)
        return source

    def release(self) -> None:
        """Copy the files back to the host's disk at the same paths and detach the mounts (call once
        no process of the sandbox is left)."""
        if self.released:
            return
        self.released = True
        home = self.binds[-1] if self.binds else self.path
        bring_back(self.path, home, [*reversed(self.binds), self.path])


def bring_back(mounted: Path, home: Path, mount_points: list[Path]) -> None:
    """Copy what is on the tmpfs at ``mounted`` to the host's disk, detach ``mount_points`` and put
    the files in ``home`` (by then a plain folder again)."""
    try:
        root = mounted.stat()
        kept = Path(tempfile.mkdtemp(prefix=".stepwise-quota-", dir=home.parent))
    except OSError:  # the folder around the workspace is being removed: nothing to keep
        kept = None
    try:
        if kept is not None:
            copy_tree(mounted, kept)  # leaves out what it cannot read or write; never raises OSError
        for mount_point in mount_points:
            try:
                _call("umount2", bytes(mount_point), MNT_DETACH)
            except OSError:
                pass
        if kept is not None and home.is_dir() and not os.path.ismount(home):
            try:
                _empty(home)
                for entry in list(kept.iterdir()):
                    os.rename(entry, home / entry.name)
                _same_owner_and_mode(home, root)
            except FileNotFoundError:  # the folder around the workspace was removed meanwhile
                pass
    finally:
        if kept is not None:
            shutil.rmtree(kept, ignore_errors=True)


def _unescape(field: str) -> str:
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def release_orphaned_quotas() -> list[str]:
    """Workspace quota mounts (harness.sandbox.quota) whose owner is gone: files back, mounts off."""
    by_source: dict[str, list[Path]] = {}
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/mountinfo").read_text().splitlines():
            mine, _, theirs = line.partition(" - ")
            fields, details = mine.split(), theirs.split()
            if len(fields) > 4 and len(details) > 1 and details[0] == "tmpfs" and \
                    details[1].startswith(WORKSPACE_MOUNT + ":"):
                by_source.setdefault(details[1], []).append(Path(_unescape(fields[4])))
    released = []
    for source, mount_points in by_source.items():
        if owner_alive(source.partition(":")[2]):
            continue
        with contextlib.suppress(OSError):
            bring_back(mount_points[0], mount_points[-1], list(reversed(mount_points)))
            released.append(f"workspace quota at {mount_points[-1]}")
    return released
