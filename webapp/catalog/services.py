"""Writes for tasks and labels. Keyword-only arguments; each function is one transaction."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction

from corpus.figures import task_figures
from corpus.format import FOLDERS, TaskFormatError, load_task, task_dirs
from webapp.catalog.models import Preference, PreferenceLabel, Task
from webapp.catalog.signals import task_created
from webapp.catalog.splits import load_split_assignments


@dataclass
class CorpusImportReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    failed: list[tuple[Path, str]] = field(default_factory=list)  # (task folder, reason)

    @property
    def ok(self) -> bool:
        return not self.failed


def task_fields_from_disk(task, split: str) -> dict:
    """The column values a corpus.format.Task gives its row."""
    figures = task_figures(task)
    return {
        "category": task.category,
        "description": task.description,
        "preference": task.preference,
        "split": split,
        "files": {kind: task.files(kind) for kind in FOLDERS},
        "meta": task.meta,
        "dependencies": list(task.dependencies),
        "tags": list(task.tags),
        "timeout_s": float(task.timeout_s),
        "loc": figures["loc"],
        "file_count": figures["files"],
        "fix_diff_lines": figures["fix_diff_lines"],
    }


@transaction.atomic
def upsert_task(*, name: str, fields: dict) -> tuple[Task, str]:
    """Create or update one task; only differing columns are written. Returns (task, outcome) with
    outcome one of created / updated / unchanged."""
    task = Task.objects.select_for_update().filter(name=name).first()
    if task is None:
        task = Task.objects.create(name=name, **fields)
        task_created.send(sender=Task, task=task)
        return task, "created"
    changed = [key for key, value in fields.items() if getattr(task, key) != value]
    if not changed:
        return task, "unchanged"
    for key in changed:
        setattr(task, key, fields[key])
    task.save(update_fields=[*changed, "updated_at"])
    return task, "updated"


def import_corpus(*, root: Path, splits_file: Path, on_task=None) -> CorpusImportReport:
    """Import every task folder under ``root``. A malformed task is reported with its folder and
    reason and skipped; the others still import (each in its own transaction). Idempotent."""
    splits = load_split_assignments(splits_file)
    report = CorpusImportReport()
    for folder in task_dirs(root):
        try:
            disk_task = load_task(folder)
            fields = task_fields_from_disk(disk_task, splits.get(disk_task.name, ""))
        except TaskFormatError as exc:
            report.failed.append((folder, str(exc)))
        except (OSError, UnicodeDecodeError) as exc:
            report.failed.append((folder, f"cannot read the task's files ({exc})"))
        else:
            _, outcome = upsert_task(name=disk_task.name, fields=fields)
            getattr(report, outcome).append(disk_task.name)
        if on_task is not None:
            on_task(folder)
    return report


@transaction.atomic
def add_preference_label(*, task: Task, annotator, preference: str, note: str = "") -> PreferenceLabel:
    """Record one judgement. Earlier labels are kept: the newest one per annotator counts."""
    if preference not in Preference.values:
        raise ValueError(f"preference {preference!r} is not one of {', '.join(Preference.values)}")
    return PreferenceLabel.objects.create(task=task, annotator=annotator, preference=preference, note=note)
