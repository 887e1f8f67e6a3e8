"""The registry of job types: a name -> a function that does the work.

A job function gets the Job and a ``progress(percent, message)`` callback and returns a JSON-able
result; it raises JobFailure with a message a person can act on when the work cannot be done.
Other areas register theirs with ``@job_type("name")`` in a module the app imports.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

JobFunction = Callable[..., dict]
JOB_TYPES: dict[str, JobFunction] = {}


class JobFailure(Exception):
    """Expected failure of a job; its message is stored as the job's human-readable error."""


def job_type(name: str):
    def register(fn: JobFunction) -> JobFunction:
        JOB_TYPES[name] = fn
        return fn

    return register


@job_type("import_corpus")
def import_corpus_job(job, progress) -> dict:
    from django.conf import settings

    from corpus.format import task_dirs
    from webapp.catalog.services import import_corpus
    from webapp.catalog.splits import SplitsFileError

    root = Path(job.params.get("root") or settings.STEPWISE_TASKS_DIR)
    if not root.is_dir():
        raise JobFailure(f"{root}: no such folder; give the folder that holds the task folders")
    total, done = max(len(task_dirs(root)), 1), 0

    def step(folder):
        nonlocal done
        done += 1
        progress(round(100 * done / total), f"imported {folder.name}")

    try:
        report = import_corpus(root=root, splits_file=Path(job.params.get("splits") or root.parent / "splits.json"),
                               on_task=step)
    except SplitsFileError as exc:
        raise JobFailure(str(exc)) from None
    result = {"created": report.created, "updated": report.updated, "unchanged": report.unchanged,
              "failed": [{"path": str(path), "reason": reason} for path, reason in report.failed]}
    if report.failed:
        lines = "; ".join(f"{path}: {reason}" for path, reason in report.failed)
        raise JobFailure(f"{len(report.failed)} task folder(s) could not be imported: {lines}")
    return result
