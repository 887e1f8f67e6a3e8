"""A generated task as a workspace: its source snapshot, linked (not copied), with the planted patch
applied for the buggy version; the correct version is the snapshot itself."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from corpus.plant.edits import apply_patch

PATCH_FILE = "planted.patch"


def snapshot_of(task_dir: Path) -> Path:
    meta = json.loads((task_dir / "meta.json").read_text(encoding="utf-8"))
    snapshot = (task_dir / meta["repo"]["snapshot"]).resolve()
    if not snapshot.is_dir():
        raise FileNotFoundError(f"task {meta['name']!r}: its source snapshot {snapshot} is missing; generated "
                                "tasks keep their siblings' shared snapshot under the output's sources/ folder")
    return snapshot


def linked_copy(source: Path, dest: Path) -> None:
    """``dest`` holds ``source``'s tree as hard links: nothing is copied, and a file that is changed
    later must be replaced (unlinked, then written), never written through its link."""
    for folder, dirs, files in os.walk(source):
        dirs[:] = [d for d in dirs if d not in (".git", "__pycache__", ".pytest_cache")]
        rel = Path(folder).relative_to(source)
        (dest / rel).mkdir(parents=True, exist_ok=True)
        for name in files:
            src = Path(folder) / name
            if src.is_symlink():
                continue
            try:
                os.link(src, dest / rel / name)
            except OSError:  # another file system, or links not allowed there: copy this one
                (dest / rel / name).write_bytes(src.read_bytes())


def replace_file(workspace: Path, rel: str, text: str) -> None:
    target = workspace / rel
    target.unlink(missing_ok=True)
    target.write_text(text, encoding="utf-8")


def materialize_generated(task_dir: str | Path, dest: str | Path, *, variant: str = "buggy") -> dict:
    """Write the task's ``variant`` into ``dest`` (empty or absent); returns its meta.json. Test files
    are made read-only, as for every task."""
    if variant not in ("buggy", "correct"):
        raise ValueError("variant must be 'buggy' or 'correct'")
    task_dir, dest = Path(task_dir), Path(dest)
    meta = json.loads((task_dir / "meta.json").read_text(encoding="utf-8"))
    if dest.exists() and any(dest.iterdir()):
        raise FileExistsError(f"{dest} is not empty; materialize into a fresh folder")
    snapshot = snapshot_of(task_dir)
    linked_copy(snapshot, dest)
    file = meta["generator"]["file"]
    if variant == "buggy":
        before = (snapshot / file).read_text(encoding="utf-8")
        replace_file(dest, file, apply_patch(before, (task_dir / PATCH_FILE).read_text(encoding="utf-8")))
    for rel in meta.get("test_files", []):
        target = dest / rel
        if target.is_file():
            # A linked test file shares its mode with the snapshot's: replace it by a read-only copy.
            text = target.read_bytes()
            target.unlink()
            target.write_bytes(text)
            target.chmod(target.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    return meta
