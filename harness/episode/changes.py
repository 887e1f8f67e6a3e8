"""Whether an episode changed its workspace (what decides if a budget-ended episode is verified).

A successful ``edit_file``/``write_file`` is a change; so is a ``bash`` command after which a
workspace entry differs (the workspace is fingerprinted after each bash call).

The fingerprint is taken from the host through ``harness.sandbox.host_read``: a link counts by its
own target text (never followed), a FIFO, socket or device by its kind (never opened), a file over
the per-file cap or past the walk's total cap by its size and modification time (not read). The
first time an entry is left unread, the bash observation says so in a note.

Whether the episode is verified at all is decided at its end by ``as_materialized``: a stricter,
content-only comparison of the whole workspace (hidden entries, folders and permission bits
included; times never) with its state before the first turn, itself checked against the
materialized task's files. Only the cache folders the verifier never enters are left out.
Anything the host could not read makes the workspace count as changed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from harness.records.groups import EDIT_TOOLS, SHELL_TOOLS
from harness.records.observation import Observation, ToolCall
from harness.sandbox import host_read
from harness.verify import IGNORED_PARTS as VERIFIER_IGNORED

_IGNORED_PARTS = ("__pycache__", ".pytest_cache")


def _ignored_folder(name: str) -> bool:
    return name in _IGNORED_PARTS or name.startswith(".")


def fingerprint_and_skips(root: Path) -> tuple[dict[str, str], list[host_read.Skipped]]:
    """name -> signature of every entry except caches and hidden ones, and what was left unread."""
    out: dict[str, str] = {}
    walked = host_read.walk(root, skip_dir=_ignored_folder)
    skipped = list(walked.skipped)
    budget = host_read.Budget()
    for entry in walked.entries:
        if entry.kind == "dir" or Path(entry.name).name.startswith("."):
            continue
        if entry.kind == "link":
            out[entry.name] = f"link:{entry.target}"
            skipped.append(host_read.Skipped(entry.name, host_read.WHY["link"]))
        elif entry.kind != "file":
            out[entry.name] = entry.kind
            skipped.append(host_read.Skipped(entry.name, host_read.WHY.get(entry.kind, host_read.WHY["other"])))
        elif entry.size > host_read.MAX_FILE_BYTES or not budget.allows(entry.size):
            out[entry.name] = f"unread:{entry.size}:{entry.mtime_ns}"
            cap = (f"over the {host_read.MAX_FILE_BYTES // 2**20} MB per-file" if entry.size > host_read.MAX_FILE_BYTES
                   else f"past the {host_read.MAX_TOTAL_BYTES // 2**20} MB per-workspace")
            skipped.append(host_read.Skipped(entry.name, f"{cap} read cap: compared by size and time only"))
        else:
            try:
                data = host_read.read_regular(root, entry.name)
            except host_read.HostReadRefused as exc:
                out[entry.name] = f"unread:{entry.size}:{entry.mtime_ns}"
                skipped.append(host_read.Skipped(entry.name, exc.why))
                continue
            except OSError:
                continue  # gone meanwhile
            budget.spend(len(data))
            out[entry.name] = hashlib.sha1(data).hexdigest()
    return out, skipped


def workspace_fingerprint(root: Path) -> dict[str, str]:
    """name -> signature (sha1 of a file's bytes; see the module note for what is not read)."""
    return fingerprint_and_skips(Path(root))[0]


def workspace_state(root: Path) -> dict[str, str] | None:
    """name -> kind, permission bits and content (sha256) of every entry the verifier could see,
    or None when the host could not read all of it (nothing then can be said to be unchanged).

    Unlike the fingerprint, nothing is compared by size or time, and hidden entries count."""
    walked = host_read.walk(root, skip_dir=lambda folder: folder in VERIFIER_IGNORED)
    if walked.skipped:
        return None
    out: dict[str, str] = {}
    budget = host_read.Budget()
    for entry in walked.entries:
        if entry.kind == "link":
            out[entry.name] = f"link:{entry.target}"
        elif entry.kind != "file":
            out[entry.name] = f"{entry.kind}:{entry.mode:o}"
        else:
            if not budget.allows(entry.size):
                return None
            try:
                data = host_read.read_regular(root, entry.name)
            except OSError:  # refused, too large, or gone meanwhile: not known to be unchanged
                return None
            budget.spend(len(data))
            out[entry.name] = f"file:{entry.mode:o}:{hashlib.sha256(data).hexdigest()}"
    return out


def holds_exactly(state: dict[str, str] | None, files: dict[str, str]) -> bool:
    """Whether ``state`` holds exactly ``files`` (name -> text), besides folders."""
    if state is None:
        return False
    held = {name: sig for name, sig in state.items() if not sig.startswith("dir:")}
    return held.keys() == files.keys() and all(
        held[name].startswith("file:") and held[name].rsplit(":", 1)[1] == hashlib.sha256(text.encode()).hexdigest()
        for name, text in files.items())


class WorkspaceChanges:
    def __init__(self, root: Path, materialized: dict[str, str] | None = None):
        """``materialized``: name -> text of the files the task was materialized with; when given and
        the workspace does not hold exactly those, it never counts as ``as_materialized``."""
        self.root = Path(root)
        self.changed = False
        self._fingerprint, skipped = fingerprint_and_skips(self.root)
        self.skipped: dict[str, str] = {s.name: s.why for s in skipped}  # every entry ever left unread
        self._start = workspace_state(self.root)  # before the first turn: only the harness has written here
        if materialized is not None and not holds_exactly(self._start, materialized):
            self._start = None

    def as_materialized(self) -> bool:
        """Whether the workspace is now, entry for entry and byte for byte (modes too), what it was
        before the first turn: never changed, or changed back exactly. Then the verifier's fresh
        copy would be the task itself, and its known failure is the verdict."""
        return self._start is not None and workspace_state(self.root) == self._start

    def after(self, call: ToolCall, observation: Observation) -> None:
        """Take note of one answered call; a bash call after which the host left an entry unread for
        the first time gets a note saying which and why."""
        if call.name in EDIT_TOOLS and not observation.error:
            self.changed = True
        elif call.name in SHELL_TOOLS:
            now, skipped = fingerprint_and_skips(self.root)
            self.changed = self.changed or now != self._fingerprint
            self._fingerprint = now
            new = [s for s in skipped if self.skipped.get(s.name) != s.why]
            for item in skipped:
                self.skipped[item.name] = item.why
            if new:
                shown = "; ".join(str(s) for s in new[:5]) + (f"; and {len(new) - 5} more" if len(new) > 5 else "")
                observation.text += f"\n(Note: the harness did not read {shown}.)"
