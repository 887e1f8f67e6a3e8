"""The file tools: exact-string ``edit_file`` and whole-file ``write_file``, inside the workspace only.

Exact replacement leaves no doubt about which text the model meant, and a string that is not there
is a hard error the model must react to rather than a silent no-op.
"""

from __future__ import annotations

import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

ENCODING = "utf-8"
NAME_MAX = 255  # bytes in one path component (Linux)
PATH_MAX = 4096  # bytes in a whole path, terminating NUL included (Linux)
NEW_FILE_MODE = 0o644
MAX_EDIT_BYTES = 16 * 2**20  # the largest file edit_file / write_file read back


class FileToolError(ValueError):
    """An edit or write that was refused; the message says what to do instead."""


@dataclass
class FileChange:
    file: str  # relative to the workspace
    old_text: str  # "" for a new file
    new_text: str
    message: str


class FileInterface:
    def __init__(self, workspace: Path | str, protected_files=()):
        self.workspace = Path(workspace).resolve()
        self.protected = {self._normal(p) for p in protected_files}

    def _normal(self, name: str) -> str:
        path = Path(name)
        if path.is_absolute():
            try:
                return path.resolve().relative_to(self.workspace).as_posix()
            except ValueError:
                return path.as_posix()
        return Path(os.path.normpath(name)).as_posix()

    def resolve(self, file_path) -> tuple[Path, str]:
        if not isinstance(file_path, str) or not file_path.strip():
            raise FileToolError("Error: file_path must be a path relative to the workspace, e.g. 'module.py'.")
        problem = path_problem(file_path.strip(), "file_path")
        if problem:
            raise FileToolError(problem)
        candidate = Path(file_path.strip())
        full = (candidate if candidate.is_absolute() else self.workspace / candidate).resolve()
        if full != self.workspace and self.workspace not in full.parents:
            raise FileToolError(f"Error: {file_path} is outside the workspace; only files under the workspace "
                                "can be changed. Use a path relative to the workspace root.")
        relative = full.relative_to(self.workspace).as_posix()
        if relative in self.protected:
            raise FileToolError(f"Error: {relative} is a test file and is protected; fix the code under test "
                                "instead of the tests.")
        if full.is_dir():
            raise FileToolError(f"Error: {relative} is a directory; give a file path.")
        return full, relative

    def edit(self, file_path, old_string, new_string) -> FileChange:
        full, relative = self.resolve(file_path)
        if not isinstance(old_string, str) or not isinstance(new_string, str):
            raise FileToolError("Error: old_string and new_string must both be strings.")
        if not old_string:
            raise FileToolError("Error: old_string is empty; copy the exact text to replace (read it with "
                                "bash, e.g. sed -n '10,30p' file), or use write_file for a whole new file.")
        if not full.exists():
            raise FileToolError(f"Error: no file {relative} in the workspace; check the name with ls, or create "
                                "it with write_file.")
        content = self._read(full, relative)
        count = content.count(old_string)
        if count == 0:
            raise FileToolError(f"Error: String not found in {relative}. old_string must match the file exactly "
                                "(spaces and indentation included); read the lines again with sed -n and copy them.")
        problem = text_problem(new_string, "new_string") or text_problem(old_string, "old_string")
        if problem:
            raise FileToolError(problem)
        new_content = content.replace(old_string, new_string)
        replace_file(full, new_content.encode(ENCODING))
        where = ""
        if count > 1:
            lines = replaced_lines(content, old_string, new_string)
            where = f", at lines {', '.join(map(str, lines[:-1]))} and {lines[-1]} of the edited file"
        return FileChange(relative, content, new_content,
                          f"Successfully replaced {count} occurrence(s) in {relative}{where}")

    def write(self, file_path, content) -> FileChange:
        full, relative = self.resolve(file_path)
        if not isinstance(content, str):
            raise FileToolError("Error: content must be a string with the whole new file.")
        problem = text_problem(content, "content")
        if problem:
            raise FileToolError(problem)
        old = self._read(full, relative) if full.exists() else ""
        try:
            full.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise FileToolError(f"Error: a parent of {relative} is a file, not a folder; pick another path.") from None
        replace_file(full, content.encode(ENCODING))
        return FileChange(relative, old, content, f"Successfully wrote {len(content)} characters to {relative}")

    @staticmethod
    def _read(full: Path, relative: str) -> str:
        """The file's text; a FIFO, device or socket (whose read could block for ever) and a file past
        MAX_EDIT_BYTES are refused before anything is read."""
        try:
            fd = os.open(full, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError as exc:
            raise FileToolError(f"Error: {relative} cannot be read ({exc.strerror or exc}).") from None
        with os.fdopen(fd, "rb") as stream:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise FileToolError(f"Error: {relative} is not a regular file (a pipe, device or socket); only "
                                    "regular files can be edited. Remove it with bash first to write a file there.")
            if info.st_size > MAX_EDIT_BYTES:
                raise FileToolError(f"Error: {relative} is {info.st_size} bytes; the file tools edit files up to "
                                    f"{MAX_EDIT_BYTES} bytes. Change it with bash (sed -i, python) instead.")
            data = stream.read(MAX_EDIT_BYTES + 1)
        try:
            return data.decode(ENCODING)
        except UnicodeDecodeError as exc:
            raise FileToolError(f"Error: {relative} is not UTF-8 text and cannot be edited here.") from exc


def text_problem(text: str, field: str) -> str | None:
    """What makes ``text`` impossible to store as UTF-8 (a lone surrogate such as "\\ud800"), or None."""
    try:
        text.encode(ENCODING)
    except UnicodeEncodeError as exc:
        bad = text[exc.start:exc.end]
        return (f"Error: {field} is not valid text: it holds the lone surrogate {ascii(bad)[1:-1]} at character "
                f"{exc.start}, which has no UTF-8 form, so nothing was done. Send real characters; to put such an "
                "escape in Python source, write the backslash itself (\\\\ud800 in JSON).")
    return None


def path_problem(path: str, field: str = "file_path") -> str | None:
    """What makes ``path`` unusable as a file name on Linux (a NUL byte, invalid text, a component over
    NAME_MAX bytes, the whole over PATH_MAX), in plain words; None when it is fine."""
    if "\x00" in path:
        return f"Error: {field} holds a NUL byte (\\x00), which no file name may contain; give a plain path."
    problem = text_problem(path, field)
    if problem:
        return problem
    data = path.encode(ENCODING)
    if len(data) >= PATH_MAX:
        return f"Error: {field} is {len(data)} bytes long; a path must be shorter than {PATH_MAX} bytes."
    for part in path.split("/"):
        size = len(part.encode(ENCODING))
        if size > NAME_MAX:
            return (f"Error: {field} has a name of {size} bytes ({part[:40]}…); each file or folder name may be at "
                    f"most {NAME_MAX} bytes. Use a shorter name.")
    return None


def replace_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` all or nothing: a temporary file in the same folder, flushed to disk,
    then renamed over the target (keeping its permissions), so a failure leaves the old file whole."""
    try:
        mode = os.stat(path).st_mode & 0o7777
    except FileNotFoundError:
        mode = NEW_FILE_MODE
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:80]}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException as exc:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise FileToolError(f"Error: {path.name} could not be written ({exc.strerror or exc}); the file is "
                                "unchanged.") from None
        raise


def replaced_lines(content: str, old_string: str, new_string: str) -> list[int]:
    """The line (1-based, in the edited file) where each replacement of ``old_string`` starts."""
    lines, start, shift = [], 0, 0
    growth = new_string.count("\n") - old_string.count("\n")
    while (found := content.find(old_string, start)) >= 0:
        lines.append(content.count("\n", 0, found) + 1 + shift)
        shift += growth
        start = found + len(old_string)
    return lines
