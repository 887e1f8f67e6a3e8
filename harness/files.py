"""The file tools: exact-string ``edit_file`` and whole-file ``write_file``, inside the workspace only.

Exact replacement leaves no doubt about which text the model meant, and a string that is not there
is a hard error the model must react to rather than a silent no-op.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

ENCODING = "utf-8"


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
        new_content = content.replace(old_string, new_string)
        full.write_text(new_content, encoding=ENCODING)
        return FileChange(relative, content, new_content,
                          f"Successfully replaced {count} occurrence(s) in {relative}")

    def write(self, file_path, content) -> FileChange:
        full, relative = self.resolve(file_path)
        if not isinstance(content, str):
            raise FileToolError("Error: content must be a string with the whole new file.")
        old = self._read(full, relative) if full.exists() else ""
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_text(content, encoding=ENCODING)
        return FileChange(relative, old, content, f"Successfully wrote {len(content)} characters to {relative}")

    @staticmethod
    def _read(full: Path, relative: str) -> str:
        try:
            return full.read_text(encoding=ENCODING)
        except UnicodeDecodeError as exc:
            raise FileToolError(f"Error: {relative} is not UTF-8 text and cannot be edited here.") from exc
