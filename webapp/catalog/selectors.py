"""Reads for tasks and labels: the task list and its filters, the labeling queue, label history,
agreement and disagreements. (The solve rates measured beside each label: trajectories.selectors.)"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from django.db.models import (
    Count,
    F,
    Func,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)

from webapp.catalog.models import (
    Adjudication,
    LabelingSettings,
    LabelStatus,
    Preference,
    PreferenceLabel,
    Task,
)
from webapp.core.agreement import Agreement, fleiss_kappa, pair_agreement


def count_of(rows: QuerySet) -> Subquery:
    """A correlated COUNT(*) of ``rows`` (filtered on OuterRef("pk")) as an integer annotation. An
    ungrouped COUNT always answers one row (0 when none match), so nothing wraps the subquery: a
    wrapper would join the outer query's GROUP BY (with_measures groups the tasks) and be evaluated
    once per joined row instead of once per task."""
    counted = rows.order_by().values(n=Func(Value(1), function="COUNT"))
    return Subquery(counted, output_field=IntegerField())


@dataclass(frozen=True)
class TaskFilters:
    q: str = ""
    category: str = ""
    split: str = ""
    label: str = ""  # the preference in force
    mine: str = ""  # "", "none", or a preference: the user's own newest label
    disputed: bool = False
    sort: str = "name"


SORTS = {
    "name": ("name",), "-name": ("-name",), "category": ("category", "name"), "split": ("split", "name"),
    "label": ("preference_in_force", "name"), "labels": ("-label_count", "name"),
    "base": (F("base_rate").desc(nulls_last=True), "name"), "dbg": (F("dbg_rate").desc(nulls_last=True), "name"),
    "trajectories": ("-trajectory_count", "name"),
}
MEASURED_SORTS = ("base", "dbg", "trajectories")  # need trajectories.selectors.with_measures


def task_rows(*, user, filters: TaskFilters = TaskFilters(), annotate=None) -> QuerySet[Task]:
    """Tasks with ``label_count`` and ``my_label``, filtered and sorted. ``annotate`` adds columns
    before filtering and sorting (the trajectories app adds the measured solve rates). A fixed number
    of queries whatever the number of tasks."""
    mine = PreferenceLabel.objects.filter(task=OuterRef("pk"), annotator=user).order_by("-created_at", "-id")
    rows = Task.objects.defer("files", "meta").annotate(
        label_count=count_of(PreferenceLabel.objects.filter(task=OuterRef("pk"))),
        my_label=Subquery(mine.values("preference")[:1]),
    )
    if annotate is not None:
        rows = annotate(rows)
    if filters.q:
        rows = rows.filter(Q(name__icontains=filters.q) | Q(description__icontains=filters.q))
    if filters.category:
        rows = rows.filter(category=filters.category)
    if filters.split:
        rows = rows.filter(split="" if filters.split == "none" else filters.split)
    if filters.label:
        rows = rows.filter(preference_in_force=filters.label)
    if filters.mine == "none":
        rows = rows.filter(my_label__isnull=True)
    elif filters.mine:
        rows = rows.filter(my_label=filters.mine)
    if filters.disputed:
        rows = rows.filter(label_status=LabelStatus.DISPUTED)
    sort = filters.sort if filters.sort in SORTS and (annotate or filters.sort not in MEASURED_SORTS) else "name"
    return rows.order_by(*SORTS[sort])


def categories() -> list[str]:
    return list(Task.objects.order_by("category").values_list("category", flat=True).distinct())


def task_names() -> list[str]:
    return list(Task.objects.order_by("name").values_list("name", flat=True))


@dataclass(frozen=True)
class Progress:
    total: int
    mine: int  # tasks this user labelled
    anyone: int  # tasks anyone labelled

    @property
    def mine_percent(self) -> int:
        return round(100 * self.mine / self.total) if self.total else 0


def label_progress(*, user) -> Progress:
    counts = Task.objects.aggregate(
        total=Count("id"),
        anyone=Count("id", filter=Q(pk__in=PreferenceLabel.objects.values("task_id"))),
        mine=Count("id", filter=Q(pk__in=PreferenceLabel.objects.filter(annotator=user).values("task_id"))))
    return Progress(counts["total"], counts["mine"], counts["anyone"])


def next_task_to_label(*, user, after: str = "") -> Task | None:
    """The first task (by name, after ``after`` and then from the start) this user has not labelled."""
    unlabelled = Task.objects.exclude(pk__in=PreferenceLabel.objects.filter(annotator=user).values("task_id"))
    return (unlabelled.filter(name__gt=after).order_by("name").first() if after else None) or \
        unlabelled.order_by("name").first()


def labeling_settings() -> LabelingSettings:
    """The labeling queue's settings (the defaults, unsaved, until someone changes them)."""
    return LabelingSettings.objects.order_by("id").first() or LabelingSettings()


def sees_suggestions(*, user) -> bool:
    """Whether ``user`` sees every task's label in force (and the labels behind it) before labelling it:
    when the queue shows the suggestion to everyone, or to those who adjudicate. Anyone else is blind on
    a task until they labelled it: the queue, the task pages and the exports alike."""
    from webapp.core import roles

    return labeling_settings().show_suggestion or roles.has(user, roles.ADJUDICATE)


def labelled_by(*, user) -> set[int]:
    """The ids of the tasks ``user`` has labelled."""
    return set(PreferenceLabel.objects.filter(annotator_id=user.pk).values_list("task_id", flat=True))


def suggestion_shown(*, user, task: Task) -> bool:
    return sees_suggestions(user=user) or task.labels.filter(annotator_id=user.pk).exists()


def neighbours(*, task: Task) -> tuple[Task | None, Task | None]:
    """The tasks just before and after this one by name."""
    before = Task.objects.filter(name__lt=task.name).order_by("-name").only("name").first()
    after = Task.objects.filter(name__gt=task.name).order_by("name").only("name").first()
    return before, after


def label_history(*, task: Task) -> QuerySet[PreferenceLabel]:
    """Every label the task ever got, oldest first."""
    return task.labels.select_related("annotator").order_by("created_at", "id")


def adjudication_history(*, task: Task) -> QuerySet[Adjudication]:
    return task.adjudications.select_related("adjudicator").order_by("created_at", "id")


def latest_labels_by_annotator(*, task: Task) -> dict[str, PreferenceLabel]:
    """Each annotator's newest label for the task, keyed by username."""
    latest: dict[str, PreferenceLabel] = {}
    for label in label_history(task=task):
        latest[label.annotator.get_username()] = label  # later rows overwrite earlier ones
    return latest


def current_label(*, task: Task) -> PreferenceLabel | None:
    """The newest label anyone gave (None when nobody labelled the task)."""
    return task.labels.select_related("annotator").order_by("-created_at", "-id").first()


@dataclass(frozen=True)
class TaskAgreement:
    annotators: int
    counts: dict[str, int]  # preference -> annotators whose newest label it is
    pairs_agreeing: float | None  # share of annotator pairs that agree (None under two annotators)


def task_agreement(*, task: Task) -> TaskAgreement:
    counts = Counter(label.preference for label in latest_labels_by_annotator(task=task).values())
    return TaskAgreement(sum(counts.values()), {p: counts[p] for p in Preference.values if counts[p]},
                         pair_agreement(counts))


def label_agreement(*, tasks: QuerySet[Task] | None = None) -> Agreement:
    """Fleiss' kappa over the tasks two or more annotators labelled (each annotator's newest label)."""
    labels = PreferenceLabel.objects.order_by("created_at", "id")
    if tasks is not None:
        labels = labels.filter(task__in=tasks)
    return fleiss_kappa(labels.values_list("task_id", "annotator_id", "preference"))


def disputed_tasks() -> list[tuple[Task, list[PreferenceLabel]]]:
    """Tasks whose annotators disagree and no staff member decided yet, each with the newest label of
    every annotator."""
    tasks = list(Task.objects.filter(label_status=LabelStatus.DISPUTED).defer("files", "meta").order_by("name"))
    newest: dict[int, dict[int, PreferenceLabel]] = {}
    for label in (PreferenceLabel.objects.filter(task__in=tasks).select_related("annotator")
                  .order_by("created_at", "id")):
        newest.setdefault(label.task_id, {})[label.annotator_id] = label
    return [(task, list(newest.get(task.id, {}).values())) for task in tasks]


def labels_for_export(*, user=None) -> Iterator[dict]:
    """Every label and adjudication as a plain dict (one JSONL line each), oldest first; for a ``user``
    blind on some tasks (``sees_suggestions``), only those of the tasks they labelled."""
    rows = PreferenceLabel.objects.select_related("task", "annotator").order_by("created_at", "id")
    decisions = Adjudication.objects.select_related("task", "adjudicator").order_by("created_at", "id")
    if user is not None and not sees_suggestions(user=user):
        mine = labelled_by(user=user)
        rows, decisions = rows.filter(task_id__in=mine), decisions.filter(task_id__in=mine)
    merged = [(label.created_at, 0, label.id, {
        "kind": "label", "task": label.task.name, "annotator": label.annotator.get_username(),
        "preference": label.preference, "note": label.note, "created_at": label.created_at.isoformat()})
        for label in rows.iterator()]
    merged += [(d.created_at, 1, d.id, {
        "kind": "adjudication", "task": d.task.name, "annotator": d.adjudicator.get_username(),
        "preference": d.preference, "note": d.note, "created_at": d.created_at.isoformat()})
        for d in decisions.iterator()]
    for *_, row in sorted(merged, key=lambda item: item[:3]):
        yield row


def preferences_in_force(*, user=None) -> Iterator[dict]:
    """One line per task: the preference exports and training use, and where it came from; for a
    ``user`` blind on some tasks (``sees_suggestions``), only the tasks they labelled."""
    tasks = Task.objects.order_by("name")
    if user is not None and not sees_suggestions(user=user):
        tasks = tasks.filter(pk__in=labelled_by(user=user))
    for name, meta, in_force, status in tasks.values_list(
            "name", "preference", "preference_in_force", "label_status"):
        yield {"task": name, "preference": in_force or meta, "source": status, "meta_preference": meta}


def task_versions(*, task):
    """The task's recorded versions, newest first, with who imported each (one query)."""
    return task.versions.select_related("created_by").defer("files", "meta").order_by("-number")


def task_version_number(*, task) -> int | None:
    """The number of the task's newest recorded version (what an episode plays now), None before any."""
    return task.versions.order_by("-number").values_list("number", flat=True).first()
