"""Writes for tasks and labels. Keyword-only arguments; each function is one transaction."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction

from corpus.figures import task_figures
from corpus.format import FOLDERS, TaskFormatError, load_task, task_dirs
from webapp.catalog.label_state import resolve_preference
from webapp.catalog.models import (
    Adjudication,
    LabelingSettings,
    Preference,
    PreferenceLabel,
    Task,
    TaskVersion,
)
from webapp.catalog.signals import task_created
from webapp.catalog.splits import load_split_assignments, split_of_imported
from webapp.core import roles


@dataclass
class CorpusImportReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    failed: list[tuple[Path, str]] = field(default_factory=list)  # (task folder, reason)

    @property
    def ok(self) -> bool:
        return not self.failed


def load_failing_tests(path: Path | None) -> dict[str, list[str]]:
    """Task name -> the tests its buggy version fails, from the validation record ``corpus stats`` keeps
    (``{"task": ["file::test", ...]}``); empty when there is no such file or it is not that shape."""
    if path is None or not Path(path).is_file():
        return {}
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(record, dict):
        return {}
    return {str(name): [str(test) for test in tests] for name, tests in record.items() if isinstance(tests, list)}


def failing_tests_of(task, recorded: list[str] | None = None) -> list[str]:
    """meta.json's ``failing_tests`` when it names them, else the validation record's list for the task."""
    named = task.meta.get("failing_tests") if isinstance(task.meta, dict) else None
    if not named and isinstance(task.meta, dict) and isinstance(task.meta.get("tests"), dict):
        named = task.meta["tests"].get("fail_to_pass")  # a repository task's failing node ids
    if isinstance(named, list) and named:
        return [str(test) for test in named]
    return list(recorded or [])


def task_fields_from_disk(task, split: str, failing_tests: list[str] | None = None) -> dict:
    """The column values a corpus.format.Task gives its row (``failing_tests``: the validation record's)."""
    figures = task_figures(task)
    return {
        "category": task.category,
        "description": task.description,
        "preference": task.preference,
        "split": split,
        "files": {kind: task.files(kind) for kind in FOLDERS},
        # A repository task keeps its fix (the task page's diff) and the files it touches with its meta.
        "meta": {**task.meta, "fix_patch": task.fix_patch, "fix_files": task.fix_files} if hasattr(task, "fix_patch")
        else task.meta,
        "dependencies": list(task.dependencies),
        "failing_tests": failing_tests_of(task, failing_tests),
        "tags": list(task.tags),
        "timeout_s": float(task.timeout_s),
        "loc": figures["loc"],
        "file_count": figures["files"],
        "fix_diff_lines": figures["fix_diff_lines"],
    }


def _changes(old: dict, new: dict) -> dict:
    """What differs between two contents of a task (files per folder/path, description, split, columns)."""
    old_files = {f"{k}/{p}": t for k, paths in (old.get("files") or {}).items() for p, t in paths.items()}
    new_files = {f"{k}/{p}": t for k, paths in (new.get("files") or {}).items() for p, t in paths.items()}
    changes: dict = {"files": {"added": sorted(new_files.keys() - old_files.keys()),
                               "removed": sorted(old_files.keys() - new_files.keys()),
                               "changed": sorted(p for p in old_files.keys() & new_files.keys()
                                                 if old_files[p] != new_files[p])}}
    if old.get("description") != new.get("description"):
        changes["description"] = True
    if old.get("split", "") != new.get("split", ""):
        changes["split"] = [old.get("split", ""), new.get("split", "")]
    changes["columns"] = sorted(k for k in new if k != "files" and old.get(k) != new[k])
    return changes


def _record_version(task: Task, *, by=None, source: str = "", previous: dict | None = None) -> TaskVersion:
    latest = task.versions.order_by("-number").first()
    if latest is None and previous is not None:  # a task imported before versions were kept: its old content
        latest = TaskVersion.objects.create(task=task, number=1, description=previous["description"],
                                            split=previous["split"], files=previous["files"],
                                            meta=previous["meta"], source="(before versions were recorded)")
    current = {"description": task.description, "split": task.split, "files": task.files, "meta": task.meta}
    changes = _changes({"description": latest.description, "split": latest.split, "files": latest.files,
                        "meta": latest.meta}, current) if latest else {}
    return TaskVersion.objects.create(task=task, number=(latest.number + 1) if latest else 1,
                                      created_by=by if getattr(by, "pk", None) else None, source=str(source),
                                      changes=changes, **current)


@transaction.atomic
def upsert_task(*, name: str, fields: dict, by=None, source: str = "") -> tuple[Task, str]:
    """Create or update one task; only differing columns are written, and a changed content is recorded
    as a new TaskVersion (the previous versions are kept). Returns (task, outcome) with outcome one of
    created / updated / unchanged."""
    task = Task.objects.select_for_update().filter(name=name).first()
    if task is None:
        task = Task.objects.create(name=name, preference_in_force=fields["preference"], **fields)
        _record_version(task, by=by, source=source)
        task_created.send(sender=Task, task=task)
        return task, "created"
    changed = [key for key, value in fields.items() if getattr(task, key) != value]
    if not changed:
        return task, "unchanged"
    previous = {"description": task.description, "split": task.split, "files": task.files, "meta": task.meta}
    for key in changed:
        setattr(task, key, fields[key])
    # meta.json's preference only decides while nobody labelled the task: labels are never reverted.
    task.preference_in_force, task.label_status = _resolve(task)
    task.save(update_fields=[*changed, "preference_in_force", "label_status", "updated_at"])
    _record_version(task, by=by, source=source, previous=previous)
    return task, "updated"


def _outcome(name: str, fields: dict) -> tuple[str, list[str]]:
    """What upserting ``fields`` under ``name`` would do, without writing: (created / updated / unchanged,
    the differing columns)."""
    task = Task.objects.filter(name=name).first()
    if task is None:
        return "created", []
    changed = [key for key, value in fields.items() if getattr(task, key) != value]
    return ("updated" if changed else "unchanged"), changed


def import_corpus(*, root: Path, splits_file: Path, on_task=None, atomic: bool = False,
                  replace_existing: bool = True, by=None, failing_tests_file: Path | None = None) -> CorpusImportReport:
    """Import every task folder under ``root``. Idempotent.

    By default (the owner's ``manage.py import_corpus``) a malformed task is reported with its folder and
    reason and skipped; the others still import (each in its own transaction). With ``atomic`` (jobs from
    the web) the import is all-or-nothing: when any folder fails nothing is written, and the report's
    created / updated / unchanged say what the import would have done. With ``replace_existing=False``
    (a root other than the corpus) a folder named like a catalog task whose content differs is refused,
    so a folder from elsewhere never silently replaces a task's tests, description or split.
    ``failing_tests_file``: the validation record of failing tests (see ``load_failing_tests``)."""
    splits = load_split_assignments(splits_file)
    failing = load_failing_tests(failing_tests_file)
    report = CorpusImportReport()
    loaded: list[tuple[str, dict, Path]] = []
    for folder in task_dirs(root):
        try:
            disk_task = load_task(folder)
            fields = task_fields_from_disk(disk_task, split_of_imported(disk_task.name, disk_task.meta, splits),
                                           failing.get(disk_task.name))
        except TaskFormatError as exc:
            report.failed.append((folder, str(exc)))
        except (OSError, UnicodeDecodeError) as exc:
            report.failed.append((folder, f"cannot read the task's files ({exc})"))
        else:
            outcome, changed = _outcome(disk_task.name, fields)
            if outcome == "updated" and not replace_existing:
                report.failed.append((folder, f"a task named {disk_task.name!r} is already in the catalog and this "
                                              f"folder differs from it ({', '.join(changed)}); a folder from outside "
                                              "the corpus cannot replace a catalog task: rename the folder and "
                                              "its meta.json name"))
            elif atomic:
                loaded.append((disk_task.name, fields, folder))
                getattr(report, outcome).append(disk_task.name)
            else:
                _, outcome = upsert_task(name=disk_task.name, fields=fields, by=by, source=str(folder))
                getattr(report, outcome).append(disk_task.name)
        if on_task is not None:
            on_task(folder)
    if atomic and not report.failed:
        with transaction.atomic():
            for name, fields, folder in loaded:
                upsert_task(name=name, fields=fields, by=by, source=str(folder))
    return report


def _check_preference(preference: str) -> None:
    if preference not in Preference.values:
        raise ValueError(f"preference {preference!r} is not one of {', '.join(Preference.values)}")


def _resolve(task: Task) -> tuple[str, str]:
    newest: dict[int, str] = {}
    for annotator_id, preference in task.labels.order_by("created_at", "id").values_list("annotator_id", "preference"):
        newest[annotator_id] = preference
    adjudicated = task.adjudications.order_by("-created_at", "-id").values_list("preference", flat=True).first()
    return resolve_preference(meta_preference=task.preference, annotator_labels=newest.values(),
                              adjudicated=adjudicated)


def _refresh_preference_in_force(task: Task) -> None:
    task.preference_in_force, task.label_status = _resolve(task)
    Task.objects.filter(pk=task.pk).update(preference_in_force=task.preference_in_force,
                                           label_status=task.label_status)


@transaction.atomic
def add_preference_label(*, task: Task, annotator, preference: str, note: str = "") -> PreferenceLabel:
    """Record one judgement. Earlier labels are kept: the newest one per annotator counts."""
    _check_preference(preference)
    if annotator is None or not annotator.is_authenticated:
        raise PermissionError("only a logged-in user can label a task")
    Task.objects.select_for_update().filter(pk=task.pk).first()  # one label at a time per task
    label = PreferenceLabel.objects.create(task=task, annotator=annotator, preference=preference,
                                           note=note.strip())
    _refresh_preference_in_force(task)
    return label


@transaction.atomic
def adjudicate(*, task: Task, adjudicator, preference: str, note: str = "") -> Adjudication:
    """An admin decides the task's preference (what exports and training use from then on)."""
    _check_preference(preference)
    if not roles.has(adjudicator, roles.ADJUDICATE):
        raise PermissionError("only an admin can adjudicate a label; ask an admin (manage.py grant USER admin)")
    Task.objects.select_for_update().filter(pk=task.pk).first()
    decision = Adjudication.objects.create(task=task, adjudicator=adjudicator, preference=preference,
                                           note=note.strip())
    _refresh_preference_in_force(task)
    return decision


@transaction.atomic
def set_labeling_settings(*, user, show_suggestion: bool) -> LabelingSettings:
    """Whether the labeling queue shows the suggested label before the annotator labels: a researcher's
    or an admin's decision for everyone who labels (an annotator may not lift it for themselves)."""
    roles.require(user, roles.CHANGE_LABELING_SETTINGS, "change how the labeling queue shows tasks")
    current = LabelingSettings.objects.select_for_update().order_by("id").first() or LabelingSettings()
    current.show_suggestion, current.updated_by = bool(show_suggestion), user
    current.save()
    return current
