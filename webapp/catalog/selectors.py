"""Reads for tasks and labels: the current label, label history, inter-annotator agreement."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from django.db.models import Count, QuerySet

from webapp.catalog.models import Preference, PreferenceLabel, Task


def task_list() -> QuerySet[Task]:
    """Tasks with how many labels and trajectories each has (``label_count``, ``trajectory_count``)."""
    return Task.objects.annotate(label_count=Count("labels", distinct=True),
                                 trajectory_count=Count("trajectories", distinct=True)).order_by("name")


def label_history(*, task: Task) -> QuerySet[PreferenceLabel]:
    """Every label the task ever got, oldest first."""
    return task.labels.select_related("annotator").order_by("created_at", "id")


def latest_labels_by_annotator(*, task: Task) -> dict[str, PreferenceLabel]:
    """Each annotator's newest label for the task, keyed by username."""
    latest: dict[str, PreferenceLabel] = {}
    for label in label_history(task=task):
        latest[label.annotator.get_username()] = label  # later rows overwrite earlier ones
    return latest


def current_label(*, task: Task) -> PreferenceLabel | None:
    """The label in force: the newest one anyone gave (None when nobody labelled the task)."""
    return task.labels.select_related("annotator").order_by("-created_at", "-id").first()


@dataclass(frozen=True)
class Agreement:
    """Agreement between annotators over the tasks two or more of them labelled (newest label each).

    ``observed`` is the share of annotator pairs that agree, averaged over tasks; ``kappa`` is
    Fleiss' kappa (None when chance agreement is total, i.e. everyone always used one category).
    """

    tasks_compared: int
    annotators: int
    observed: float | None
    kappa: float | None


def label_agreement(*, tasks: QuerySet[Task] | None = None) -> Agreement:
    labels = PreferenceLabel.objects.select_related("annotator").order_by("created_at", "id")
    if tasks is not None:
        labels = labels.filter(task__in=tasks)
    newest: dict[tuple[int, int], str] = {}
    for label in labels:
        newest[(label.task_id, label.annotator_id)] = label.preference
    per_task: dict[int, Counter] = {}
    for (task_id, _), preference in newest.items():
        per_task.setdefault(task_id, Counter())[preference] += 1
    rated = {task_id: counts for task_id, counts in per_task.items() if sum(counts.values()) >= 2}
    annotators = len({annotator for (task_id, annotator) in newest if task_id in rated})
    if not rated:
        return Agreement(0, annotators, None, None)
    per_task_agreement, pooled = [], Counter()
    for counts in rated.values():
        n = sum(counts.values())
        per_task_agreement.append(sum(c * (c - 1) for c in counts.values()) / (n * (n - 1)))
        pooled.update(counts)
    observed = sum(per_task_agreement) / len(per_task_agreement)
    total = sum(pooled.values())
    chance = sum((pooled[p] / total) ** 2 for p in Preference.values)
    kappa = None if chance >= 1 else (observed - chance) / (1 - chance)
    return Agreement(len(rated), annotators, observed, kappa)


def labels_for_export() -> Iterator[dict]:
    """Every label as a plain dict (one JSONL line each), oldest first."""
    rows = PreferenceLabel.objects.select_related("task", "annotator").order_by("created_at", "id")
    for label in rows.iterator():
        yield {"task": label.task.name, "annotator": label.annotator.get_username(),
               "preference": label.preference, "note": label.note,
               "created_at": label.created_at.isoformat()}
