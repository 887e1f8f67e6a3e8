"""Whether an episode changed its workspace (what decides if a budget-ended episode is verified).

A successful ``edit_file``/``write_file`` is a change; so is a ``bash`` command after which a
workspace file's content differs (the workspace is hashed after each bash call).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from harness.observation import Observation, ToolCall
from harness.tools import EDIT_TOOLS

_IGNORED_PARTS = ("__pycache__", ".pytest_cache")


def workspace_fingerprint(root: Path) -> dict[str, str]:
    """sha1 of every file in the workspace except caches and hidden files (to see bash edits)."""
    out = {}
    if not root.is_dir():
        return out
    for path in root.rglob("*"):
        rel = path.relative_to(root)
        if any(part in _IGNORED_PARTS or part.startswith(".") for part in rel.parts) or not path.is_file():
            continue
        try:
            out[rel.as_posix()] = hashlib.sha1(path.read_bytes()).hexdigest()
        except OSError:
            continue
    return out


class WorkspaceChanges:
    def __init__(self, root: Path):
        self.root = Path(root)
        self.changed = False
        self._fingerprint = workspace_fingerprint(self.root)

    def after(self, call: ToolCall, observation: Observation) -> None:
        """Take note of one answered call."""
        if call.name in EDIT_TOOLS and not observation.error:
            self.changed = True
        elif call.name == "bash":
            now = workspace_fingerprint(self.root)
            self.changed = self.changed or now != self._fingerprint
            self._fingerprint = now
