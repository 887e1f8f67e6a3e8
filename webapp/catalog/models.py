from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager



class Preference(models.TextChoices):
    RECOMMENDED = "recommended", "recommended"
    OPTIONAL = "optional", "optional"
    AVOID = "avoid", "avoid"


class Split(models.TextChoices):
    NONE = "", "no split"
    TRAIN = "train", "train"
    VALIDATION = "validation", "validation"
    HELDOUT = "heldout", "held out"


class LabelStatus(models.TextChoices):
    UNLABELLED = "unlabelled", "no label yet (meta.json)"
    AGREED = "agreed", "annotators agree"
    DISPUTED = "disputed", "annotators disagree"
    ADJUDICATED = "adjudicated", "adjudicated by staff"


class Task(models.Model):
    """One bug task of the corpus, as imported from ``corpus/tasks/<name>/`` by import_corpus."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        labels: RelatedManager[PreferenceLabel]
        adjudications: RelatedManager[Adjudication]
        versions: RelatedManager[TaskVersion]
        trajectories: RelatedManager[Any]  # webapp.trajectories' Trajectory (it builds on this app)
    name = models.CharField(max_length=200, unique=True)
    category = models.CharField(max_length=100, db_index=True)
    description = models.TextField()
    # The preference written in meta.json (import_corpus keeps it in step with the file); people's
    # labels live in PreferenceLabel and Adjudication, and decide ``preference_in_force``.
    preference = models.CharField("meta.json preference", max_length=20, choices=Preference.choices)
    # Derived by catalog.services on every label: the adjudicated label, else the annotators' shared
    # label, else (disputed or unlabelled) the meta.json preference. What exports and training use.
    preference_in_force = models.CharField(max_length=20, choices=Preference.choices, blank=True, default="",
                                           db_index=True)
    label_status = models.CharField(max_length=20, choices=LabelStatus.choices, default=LabelStatus.UNLABELLED,
                                    db_index=True)
    split = models.CharField(max_length=20, choices=Split.choices, blank=True, default="", db_index=True)
    # {"buggy": {path: text}, "correct": {...}, "shared": {...}, "tests": {...}}
    files = models.JSONField(default=dict, blank=True)
    meta = models.JSONField(default=dict, blank=True)
    dependencies = models.JSONField(default=list, blank=True)
    # The tests the buggy version fails (``file::test``): meta.json's ``failing_tests`` when it names them,
    # else the validation record (``corpus stats --validation`` keeps it in docs/corpus/failing_tests.json).
    failing_tests = models.JSONField(default=list, blank=True)
    tags = models.JSONField(default=list, blank=True)
    timeout_s = models.FloatField(default=30)
    # Difficulty figures (corpus.figures.task_figures).
    loc = models.PositiveIntegerField(default=0)
    file_count = models.PositiveIntegerField(default=0)
    fix_diff_lines = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    @property
    def measured(self) -> dict | None:
        """meta.json's measured label and its grounds (``python -m corpus quality --write``), if any."""
        block = (self.meta or {}).get("measured")
        return block if isinstance(block, dict) and block.get("preference") else None

    def __str__(self) -> str:
        return self.name


class PreferenceLabel(models.Model):
    """One person's judgement of a task at one moment. Never edited or deleted: the current label,
    the history and agreement are derived (see catalog.selectors)."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        task_id: int
        annotator_id: int
    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="labels")
    annotator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="preference_labels")
    preference = models.CharField(max_length=20, choices=Preference.choices)
    note = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["task", "annotator", "created_at"])]

    def __str__(self) -> str:
        return f"{self.task.name}: {self.preference} by {self.annotator}"


class Adjudication(models.Model):
    """A staff member's decision on a task the annotators disagree about. Never edited or deleted:
    the newest one is in force."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        task_id: int
        adjudicator_id: int
    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="adjudications")
    adjudicator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="adjudications")
    preference = models.CharField(max_length=20, choices=Preference.choices)
    note = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]
        permissions = [("adjudicate", "Decide a task's disputed preference (admin)")]

    def __str__(self) -> str:
        return f"{self.task.name}: {self.preference} (adjudicated by {self.adjudicator})"


class TaskVersion(models.Model):
    """One recorded content of a task: written by import_corpus when a task is created and each time a
    re-import changes its files, description, split or meta.json. Never edited; the task row holds the
    newest content, earlier ones stay here (with who imported them, when, and what changed)."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        task_id: int
    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")
    source = models.CharField(max_length=1000, blank=True, default="", help_text="the folder it was imported from")
    description = models.TextField()
    split = models.CharField(max_length=20, blank=True, default="")
    files = models.JSONField(default=dict, blank=True)
    meta = models.JSONField(default=dict, blank=True)
    # {"files": {"added": [...], "removed": [...], "changed": [...]}, "description": bool, "split": [old, new],
    #  "columns": [...]} relative to the previous version (empty for the first).
    changes = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["task", "-number"]
        constraints = [models.UniqueConstraint(fields=["task", "number"], name="task_version_number_unique")]

    def __str__(self) -> str:
        return f"{self.task.name} v{self.number}"

    @property
    def summary(self) -> str:
        """What changed from the previous version, in a line ("first version" for the first)."""
        if not self.changes:
            return "first version"
        files = self.changes.get("files") or {}
        parts = [f"{what} {', '.join(paths)}" for what, paths in files.items() if paths]
        if self.changes.get("description"):
            parts.append("description changed")
        if self.changes.get("split"):
            old, new = self.changes["split"]
            parts.append(f"split {old or '(none)'} → {new or '(none)'}")
        other = [c for c in self.changes.get("columns") or [] if c not in ("description", "split")]
        if other:
            parts.append(f"also {', '.join(other)}")
        return "; ".join(parts) or "no content change"


class LabelingSettings(models.Model):
    """How the labeling queue shows a task, for everyone who labels (one row; Label Studio's project
    settings). A researcher or an admin changes it (catalog.services.set_labeling_settings)."""

    # Off (the default): the label in force (meta.json's suggestion, or other people's labels) stays
    # hidden on the queue until the annotator has given their own, so it cannot anchor them.
    show_suggestion = models.BooleanField(
        "show the suggested label before the annotator labels", default=False)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")

    class Meta:
        verbose_name = verbose_name_plural = "labeling settings"

    def __str__(self) -> str:
        return f"suggested label {'shown' if self.show_suggestion else 'hidden until labelled'}"
