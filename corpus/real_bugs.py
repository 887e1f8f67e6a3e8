"""Real bugs looked up by name or by fixed commit: the generator plants bugs in their fixed trees
(``corpus generate --from-real``), and a published generated task names the real bug it came from."""

from __future__ import annotations

from pathlib import Path

from corpus.format import TaskFormatError, load_task, task_dirs
from corpus.repository.corpus_root import REAL_TASKS_DIR
from corpus.repository.task import GeneratedTask, RepositoryTask


class RealBugNotFound(ValueError):
    """No real bug by that name or folder; the message says what to give."""


def real_bug(name_or_folder: str | Path, root: Path = REAL_TASKS_DIR) -> RepositoryTask:
    """A real bug by name under ``root`` (the vendored corpus: ``sanic-1``) or by its folder."""
    folder = Path(name_or_folder)
    if not (folder / "meta.json").is_file():
        folder = root / str(name_or_folder)
    if not (folder / "meta.json").is_file():
        examples = ", ".join(p.name for p in task_dirs(root)[:3])
        raise RealBugNotFound(f"{name_or_folder}: no real bug of that name under {root} (such as {examples}) "
                              "and no such task folder")
    try:
        task = load_task(folder)
    except TaskFormatError as exc:
        raise RealBugNotFound(f"{name_or_folder}: {exc}") from None
    if not isinstance(task, RepositoryTask) or isinstance(task, GeneratedTask):
        raise RealBugNotFound(f"{name_or_folder}: not a real bug (a repository task with a buggy and a fixed commit)")
    return task


def real_bugs_at(project: str, commit: str, root: Path = REAL_TASKS_DIR) -> list[RepositoryTask]:
    """The real bugs of ``project`` whose fixed commit is ``commit`` (full or abbreviated)."""
    found = []
    for folder in task_dirs(root):
        try:
            task = load_task(folder)
        except TaskFormatError:
            continue
        if not isinstance(task, RepositoryTask) or isinstance(task, GeneratedTask):
            continue
        fixed = task.spec.repo.fixed_commit
        if task.spec.repo.name == project and (fixed.startswith(commit) or commit.startswith(fixed)):
            found.append(task)
    return found
