"""A repository task: the common task fields plus the checked ``RepositorySpec``."""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from corpus.plant.materialize import PATCH_FILE
from corpus.repository.corpus_root import REAL_TASKS_DIR
from corpus.repository.spec import RepositorySpec, RepositorySpecError, parse_generated, parse_repository
from corpus.task_model import Task, TaskFormatError

# Where a task folder's histories are looked for: ``_repos/`` in its tasks folder, then in the one above.
REPOS_FOLDER = "_repos"


@dataclass(frozen=True)
class RepositoryTask(Task):
    repository: RepositorySpec | None = None  # always set by load_repository_task

    is_repository = True

    @property
    def spec(self) -> RepositorySpec:
        if self.repository is None:
            raise TaskFormatError(self.name, "repo", "not loaded as a repository task (use corpus.format.load_task)")
        return self.repository

    def files(self, kind: str) -> dict[str, str]:
        """Empty: a repository task has no task folders; its files come from the project's history
        (``corpus.repository.workspace.materialize_repository``)."""
        return {}

    def history_roots(self) -> tuple[Path, ...]:
        """The folders whose ``_repos/`` may hold the task's history, in the order they are looked in."""
        return self.path.parent, self.path.parent.parent

    @property
    def history_path(self) -> Path:
        for root in self.history_roots():
            candidate = root / REPOS_FOLDER / self.spec.repo.source
            if candidate.exists():
                return candidate
        raise TaskFormatError(self.name, "repo.source", f"{self.spec.repo.source} is not in {self.path.parent / REPOS_FOLDER}; "
                                                        "put the project's git bundle there")

    def tree(self, variant: str) -> Path:
        """A read-only folder holding the repository as ``variant`` ("buggy" or "fixed") has it, extracted
        once per machine; workspaces hard-link from it."""
        from corpus.repository.source import tree
        commit = self.spec.repo.buggy_commit if variant == "buggy" else self.spec.repo.fixed_commit
        return tree(self.history(), self.spec.repo.name, commit)

    def test_file_bytes(self, name: str) -> bytes | None:
        """A test-side file as the fix has it (None: the fix deletes it)."""
        from corpus.repository.source import read_file
        return read_file(self.history(), self.spec.repo.fixed_commit, name)

    def history(self) -> Path:
        from corpus.repository.source import open_history
        return open_history(self.history_path)

    @property
    def fix_files(self) -> list[str]:
        """The files the fix touches (code side)."""
        listed = self.spec.origin.get("fix_files")
        if isinstance(listed, list):
            return [f for f in listed if isinstance(f, str)]
        return sorted(set(re.findall(r"^\+\+\+ b/(\S+)", self.fix_patch, re.MULTILINE)))

    @property
    def fix_patch(self) -> str:
        patch = self.path / "fix.patch"
        return patch.read_text(encoding="utf-8", errors="replace") if patch.is_file() else ""


def patch_lines(patch: str) -> int:
    """Lines added plus removed in a unified diff."""
    return sum(1 for line in patch.splitlines() if line[:1] in "+-" and not line.startswith(("+++", "---")))


@dataclass(frozen=True)
class GeneratedTask(RepositoryTask):
    """A bug the generator planted (``python -m corpus generate``): the repository version it shares with
    its siblings is the fixed tree, that tree with its ``planted.patch`` the buggy one. The version is a
    commit of a git history (``repo.source``, a real bug's bundle: the committed form) or a snapshot folder
    beside the task folders (``repo.snapshot``, what ``--repo DIR`` writes)."""

    @property
    def in_history(self) -> bool:
        return "snapshot" not in self.meta["repo"]

    def history_roots(self) -> tuple[Path, ...]:
        # Beside the task folders first (a copied corpus), then the real-bug corpus, whose bundles the
        # committed generated tasks share.
        return *super().history_roots(), REAL_TASKS_DIR

    @cached_property
    def snapshot(self) -> Path:
        """The fixed tree: the commit extracted once per machine (as a real bug's), or the snapshot folder."""
        if self.in_history:
            return RepositoryTask.tree(self, "fixed")
        folder = (self.path / self.spec.repo.source).resolve()
        if not folder.is_dir():
            raise TaskFormatError(self.name, "repo.snapshot", f"{folder} is missing; generated tasks read their "
                                                              "siblings' shared snapshot (the generator's sources/)")
        return folder

    @property
    def planted_file(self) -> str:
        return str(self.meta["generator"]["file"])

    @property
    def planted_patch(self) -> str:
        return (self.path / PATCH_FILE).read_text(encoding="utf-8")

    def tree(self, variant: str) -> Path:
        if variant != "buggy":
            return self.snapshot
        return _planted_tree(self)

    def test_file_bytes(self, name: str) -> bytes | None:
        path = self.snapshot / name
        return path.read_bytes() if path.is_file() else None

    @property
    def history_path(self) -> Path:
        return super().history_path if self.in_history else self.snapshot

    @property
    def fix_patch(self) -> str:
        """The inverse of the planted change: what fixes the bug."""
        from corpus.plant.edits import apply_patch, unified_patch
        correct = (self.snapshot / self.planted_file).read_text(encoding="utf-8")
        return unified_patch(self.planted_file, apply_patch(correct, self.planted_patch), correct)


def _planted_tree(task: GeneratedTask) -> Path:
    """The buggy tree, built once per machine beside the real bugs' trees: the snapshot hard-linked, the
    planted file replaced (never written through its link)."""
    import hashlib

    from corpus.plant.edits import apply_patch
    from corpus.plant.materialize import linked_copy, replace_file
    from corpus.repository.source import cache_root

    planted = task.planted_patch
    key = hashlib.sha256(f"{task.snapshot}\0{planted}".encode()).hexdigest()[:16]
    folder = cache_root() / "generated" / f"{task.name}-{key}"
    if folder.is_dir():
        return folder
    partial = folder.with_name(f"{folder.name}.{os.getpid()}.part")
    shutil.rmtree(partial, ignore_errors=True)
    linked_copy(task.snapshot, partial)
    correct = (task.snapshot / task.planted_file).read_text(encoding="utf-8")
    replace_file(partial, task.planted_file, apply_patch(correct, planted))
    try:
        partial.rename(folder)
    except OSError:  # another process built it first
        shutil.rmtree(partial, ignore_errors=True)
    return folder


def load_repository_task(name: str, path: Path, common: dict, meta: dict) -> RepositoryTask:
    generated = "generator" in meta  # a bug the generator planted: its snapshot and patch, not a history
    try:
        spec = parse_generated(meta) if generated else parse_repository(meta)
    except RepositorySpecError as exc:
        raise TaskFormatError(name, exc.field, exc.reason) from None
    kind = GeneratedTask if generated else RepositoryTask
    return kind(name=name, path=path, meta=meta, repository=spec, **common)


def is_repository_task(task: Task) -> bool:
    return isinstance(task, RepositoryTask)
