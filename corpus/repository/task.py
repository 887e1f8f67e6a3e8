"""A repository task: the common task fields plus the checked ``RepositorySpec``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from corpus.repository.spec import RepositorySpec, RepositorySpecError, parse_repository
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

    @property
    def history_path(self) -> Path:
        for root in (self.path.parent, self.path.parent.parent):
            candidate = root / REPOS_FOLDER / self.spec.repo.source
            if candidate.exists():
                return candidate
        raise TaskFormatError(self.name, "repo.source", f"{self.spec.repo.source} is not in {self.path.parent / REPOS_FOLDER}; "
                                                        "put the project's git bundle there")

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


def load_repository_task(name: str, path: Path, common: dict, meta: dict) -> RepositoryTask:
    try:
        spec = parse_repository(meta)
    except RepositorySpecError as exc:
        raise TaskFormatError(name, exc.field, exc.reason) from None
    return RepositoryTask(name=name, path=path, meta=meta, repository=spec, **common)


def is_repository_task(task: Task) -> bool:
    return isinstance(task, RepositoryTask)
