"""How the host reads a workspace the sandboxed model has written: never through it.

The model controls every entry in its workspace. A link there may point at any path of the host
(``ln -s /proc/kmsg km``, ``ln -s /etc/shadow s``), a FIFO blocks whoever opens it, and a file may be
gigabytes. Every host-side read of a workspace (the change tracker's fingerprints, the verifier's
patch and the copy it carries into a fresh workspace) goes through this module, which:

- walks folders through file descriptors (``os.scandir`` on a descriptor, each sub-folder opened
  with ``O_NOFOLLOW | O_DIRECTORY`` relative to its parent), so a folder swapped for a link midway
  is refused rather than followed;
- classifies every entry with ``lstat`` and reads only regular files, opened with ``O_NOFOLLOW |
  O_NONBLOCK`` (a FIFO swapped in after the ``lstat`` cannot block the open) and checked again with
  ``fstat`` (``S_ISREG``) on the open descriptor;
- never follows a link (it may record the link's own target text, ``os.readlink``, which reads
  nothing behind it);
- caps what it reads: ``MAX_FILE_BYTES`` per file, ``MAX_TOTAL_BYTES`` per walk, ``MAX_ENTRIES``
  entries per walk; whatever it leaves unread is listed with the reason (``Skipped``), for the note
  the observation or the trajectory carries.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

MAX_FILE_BYTES = 8 * 1024 * 1024  # one file read whole by the host
MAX_TOTAL_BYTES = 64 * 1024 * 1024  # all files read in one walk
MAX_ENTRIES = 20_000  # entries listed in one walk
MAX_DEPTH = 32  # folders below the workspace

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


class HostReadRefused(OSError):
    """The host would not read this entry (a link, not a regular file, too large); ``why`` says which."""

    def __init__(self, name: str, why: str):
        super().__init__(f"{name}: {why}")
        self.name = name
        self.why = why


@dataclass(frozen=True)
class Entry:
    """One workspace entry as ``lstat`` saw it (never what a link points at)."""

    name: str  # relative to the workspace, "/"-separated
    kind: str  # file | dir | link | fifo | socket | device | other
    size: int
    mtime_ns: int
    target: str | None = None  # a link's own text (os.readlink), never followed
    mode: int = 0  # the permission bits (stat.S_IMODE of the lstat)

    @property
    def is_file(self) -> bool:
        return self.kind == "file"


@dataclass(frozen=True)
class Skipped:
    name: str
    why: str

    def __str__(self) -> str:
        return f"{self.name} ({self.why})"


@dataclass
class Walk:
    entries: list[Entry] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)  # entries the walk did not list or descend into


def kind_of(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "dir"
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "other"


WHY = {"link": "a link: the host never follows links out of the workspace",
       "fifo": "a FIFO: not a regular file", "socket": "a socket: not a regular file",
       "device": "a device: not a regular file", "other": "not a regular file",
       "dir": "a folder, not a file"}


def _check_name(name: str) -> list[str]:
    parts = str(name).replace(os.sep, "/").split("/")
    if not name or name.startswith("/") or any(p in ("", ".", "..") for p in parts):
        raise ValueError(f"{name!r} is not a plain path inside the workspace")
    return parts


def walk(root: str | Path, *, skip_dir: Callable[[str], bool] = lambda name: False,
         max_entries: int = MAX_ENTRIES) -> Walk:
    """Every entry under ``root`` (sorted by name), links and special files included as what they
    are; folders for which ``skip_dir(folder_name)`` is true are neither listed nor entered."""
    out = Walk()
    try:
        top = os.open(root, _DIR_FLAGS)
    except OSError:
        return out
    try:
        for entry in _walk_fd(top, "", skip_dir, out, 0):
            if len(out.entries) >= max_entries:
                out.skipped.append(Skipped(entry.name, f"past the first {max_entries} entries: not read"))
                break
            out.entries.append(entry)
    finally:
        os.close(top)
    return out


def _walk_fd(fd: int, prefix: str, skip_dir, out: Walk, depth: int) -> Iterator[Entry]:
    try:
        with os.scandir(fd) as listing:
            items = sorted(listing, key=lambda e: e.name)
    except OSError:
        return
    for item in items:
        name = f"{prefix}{item.name}"
        try:
            info = item.stat(follow_symlinks=False)
        except OSError:
            continue  # gone meanwhile
        kind = kind_of(info.st_mode)
        if kind == "dir":
            if skip_dir(item.name):
                continue
            yield Entry(name, kind, 0, info.st_mtime_ns, mode=stat.S_IMODE(info.st_mode))
            if depth >= MAX_DEPTH:
                out.skipped.append(Skipped(name, f"nested deeper than {MAX_DEPTH} folders: not read"))
                continue
            try:
                child = os.open(item.name, _DIR_FLAGS, dir_fd=fd)
            except OSError:
                out.skipped.append(Skipped(name, "a folder that could not be opened without following a link"))
                continue
            try:
                yield from _walk_fd(child, f"{name}/", skip_dir, out, depth + 1)
            finally:
                os.close(child)
            continue
        target = None
        if kind == "link":
            with contextlib.suppress(OSError):
                target = os.readlink(item.name, dir_fd=fd)
        yield Entry(name, kind, info.st_size, info.st_mtime_ns, target, stat.S_IMODE(info.st_mode))


@contextlib.contextmanager
def _open_parent(root: str | Path, parts: list[str]):
    """A descriptor of the folder holding ``parts[-1]``, reached without following any link."""
    fds = []
    try:
        fds.append(os.open(root, _DIR_FLAGS))
        for part in parts[:-1]:
            fds.append(os.open(part, _DIR_FLAGS, dir_fd=fds[-1]))
        yield fds[-1]
    finally:
        for fd in reversed(fds):
            os.close(fd)


def read_regular(root: str | Path, name: str, *, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``root/name``; raises ``HostReadRefused`` (a link anywhere on
    the way, not a regular file, over ``max_bytes``) or ``FileNotFoundError``."""
    parts = _check_name(name)
    try:
        with _open_parent(root, parts) as parent:
            kind = kind_of(os.stat(parts[-1], dir_fd=parent, follow_symlinks=False).st_mode)
            if kind != "file":  # refused before any open: a device or a FIFO is never opened
                raise HostReadRefused(name, WHY.get(kind, WHY["other"]))
            try:
                fd = os.open(parts[-1], _FILE_FLAGS, dir_fd=parent)
            except OSError as exc:
                if exc.errno == errno.ELOOP:  # swapped for a link after the lstat
                    raise HostReadRefused(name, WHY["link"]) from None
                raise
            try:
                info = os.fstat(fd)
                if not stat.S_ISREG(info.st_mode):
                    raise HostReadRefused(name, WHY.get(kind_of(info.st_mode), WHY["other"]))
                if info.st_size > max_bytes:
                    raise HostReadRefused(name, f"{info.st_size} bytes, over the {max_bytes}-byte cap: not read")
                chunks, left = [], max_bytes + 1
                while left > 0:
                    chunk = os.read(fd, min(left, 1 << 20))
                    if not chunk:
                        break
                    chunks.append(chunk)
                    left -= len(chunk)
                data = b"".join(chunks)
                if len(data) > max_bytes:  # grew after the fstat
                    raise HostReadRefused(name, f"over the {max_bytes}-byte cap: not read")
                return data
            finally:
                os.close(fd)
    except NotADirectoryError:
        raise HostReadRefused(name, "a folder on its path is a link or not a folder") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise HostReadRefused(name, "a folder on its path is a link") from None
        raise


def read_text(root: str | Path, name: str, *, max_bytes: int = MAX_FILE_BYTES) -> str:
    """``read_regular`` decoded as UTF-8; a file that is not UTF-8 text is refused the same way."""
    data = read_regular(root, name, max_bytes=max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise HostReadRefused(name, "not UTF-8 text: not read") from None


class Budget:
    """The bytes one walk may still read (``MAX_TOTAL_BYTES``)."""

    def __init__(self, total: int = MAX_TOTAL_BYTES):
        self.left = total

    def allows(self, size: int) -> bool:
        return size <= self.left

    def spend(self, size: int) -> None:
        self.left -= size
