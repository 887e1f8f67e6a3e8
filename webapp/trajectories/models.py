from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models

from harness.trajectory import Trajectory as TrajectoryRecord

if TYPE_CHECKING:
    from typing import Any

    from django.db.models.fields.related_descriptors import ManyRelatedManager, RelatedManager



class ExitReason(models.TextChoices):
    DONE = "done", "done"
    MAX_TURNS = "max_turns", "max turns"
    LIMIT = "limit", "sandbox limit"
    CONTEXT_EXHAUSTED = "context_exhausted", "context exhausted"
    INFRA_ERROR = "infra_error", "model endpoint failed"
    ERROR = "error", "error"
    CRASH = "crash", "crash"


# Exit reasons that are the harness's or the endpoint's fault, not the model's: left out of solve rates.
NOT_MODEL_OUTCOMES = ("infra_error", "error", "crash")


class Arm(models.TextChoices):
    BASE = "base", "base (shell + files)"
    DBG = "dbg", "dbg (base + debugger)"


class Trajectory(models.Model):
    """One episode: the whole ``stepwise.trajectory/1`` document, plus its fields as columns.

    ``task`` is nullable on purpose: a trajectory whose task is not (yet) imported is still kept,
    with the name in ``task_name``; import_corpus links it once the task arrives.
    """

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        task_id: int | None
        steps: RelatedManager[Step]
        reviews: RelatedManager[EditRelevanceReview]
        verdicts: RelatedManager[TrajectoryReview]
        adjudications: RelatedManager[VerdictAdjudication]
        scores: RelatedManager[TrajectoryScore]
        eval_runs: ManyRelatedManager[Any, Any]  # webapp.runs' EvalRun (runs builds on this app)
    episode_id = models.CharField(max_length=200, unique=True)
    task = models.ForeignKey("catalog.Task", null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="trajectories")
    task_name = models.CharField(max_length=200, db_index=True)
    split = models.CharField(max_length=20, blank=True, default="")
    arm = models.CharField(max_length=10, choices=Arm.choices, db_index=True)
    policy_kind = models.CharField(max_length=50, db_index=True)
    policy_model = models.CharField(max_length=300, blank=True, default="", db_index=True)
    verified = models.BooleanField(db_index=True)
    exit_reason = models.CharField(max_length=20, choices=ExitReason.choices, db_index=True)
    turns = models.PositiveIntegerField()
    debugger_started = models.BooleanField(default=False)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    document = models.JSONField()
    # From the document's ``quality`` (the scoring seam); null until a scorer filled it.
    score = models.FloatField(null=True, blank=True, db_index=True)
    passed = models.BooleanField(null=True, blank=True)
    edit_relevant = models.BooleanField(null=True, blank=True)
    hard_rules = models.JSONField(default=list, blank=True)  # the rule names of quality.policy.hard_reasons
    # The people's verdict (relevant / not relevant): what the reviewers agree on, or an admin's
    # adjudication when they disagree; null while unreviewed or disputed. Overrides ``edit_relevant``.
    reviewed_edit_relevant = models.BooleanField(null=True, blank=True)
    source_path = models.CharField(max_length=1000, blank=True, default="")
    imported_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name_plural = "trajectories"
        indexes = [models.Index(fields=["-started_at", "-id"], name="trajectory_newest_first"),
                   # the task list's measures count per task and arm by these columns: an index-only scan
                   models.Index(fields=["task", "arm"], include=["verified", "exit_reason", "policy_kind"],
                                name="trajectory_task_measures")]

    def __str__(self) -> str:
        return f"{self.episode_id} ({self.task_name}, {self.arm})"

    @cached_property
    def record(self) -> TrajectoryRecord:
        """The stored document, read by the one trajectory reader (validated when it was saved)."""
        return TrajectoryRecord.from_json(self.document, source=f"trajectory {self.episode_id}")


class Step(models.Model):
    """One tool call of a trajectory and what came back (``steps[index]`` of the document)."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        trajectory_id: int
    trajectory = models.ForeignKey(Trajectory, on_delete=models.CASCADE, related_name="steps")
    index = models.PositiveIntegerField()
    turn = models.PositiveIntegerField()
    tool = models.CharField(max_length=100, db_index=True)
    arguments = models.JSONField(default=dict, blank=True)
    observation = models.TextField()
    position_file = models.CharField(max_length=500, blank=True, default="")
    position_line = models.PositiveIntegerField(null=True, blank=True)
    duration_ms = models.FloatField(null=True, blank=True)
    error = models.BooleanField(null=True, blank=True)

    class Meta:
        ordering = ["trajectory", "index"]
        constraints = [models.UniqueConstraint(fields=["trajectory", "index"], name="step_unique_index")]

    def __str__(self) -> str:
        return f"{self.trajectory.episode_id} #{self.index} {self.tool}"


class Verdict(models.TextChoices):
    RELEVANT = "relevant", "the observation caused the edit"
    NOT_RELEVANT = "not_relevant", "the edit did not use the observation"
    UNSURE = "unsure", "cannot tell"


class EditRelevanceReview(models.Model):
    """A person's verdict on one link: whether what one step showed (an observation) drove a later
    edit. ``proposed`` links come from the scorer (quality.edit_relevance); the others a reviewer added.
    Never edited: a changed mind is a new row, and each reviewer's newest row per link counts."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        trajectory_id: int
        reviewer_id: int
    trajectory = models.ForeignKey(Trajectory, on_delete=models.CASCADE, related_name="reviews")
    # RESTRICT: a step a review points at is never deleted on its own (deleting the whole trajectory still
    # removes both), so no rewrite can cascade a person's review away.
    observation_step = models.ForeignKey(Step, on_delete=models.RESTRICT, related_name="+")
    edit_step = models.ForeignKey(Step, on_delete=models.RESTRICT, related_name="+")
    verdict = models.CharField(max_length=20, choices=Verdict.choices)
    criterion = models.PositiveSmallIntegerField(null=True, blank=True)  # 1..4: harness.scoring.CRITERIA
    proposed = models.BooleanField(default=False)
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                 related_name="edit_relevance_reviews")
    note = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.trajectory.episode_id}: step {self.observation_step.index} -> {self.edit_step.index}: {self.verdict}"


class TrajectoryReview(models.Model):
    """A reviewer's verdict on a whole trajectory: did runtime evidence drive its edits? Append-only."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        trajectory_id: int
        reviewer_id: int
    trajectory = models.ForeignKey(Trajectory, on_delete=models.CASCADE, related_name="verdicts")
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                 related_name="trajectory_reviews")
    verdict = models.CharField(max_length=20, choices=Verdict.choices)
    note = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.trajectory.episode_id}: {self.verdict} by {self.reviewer}"


class VerdictAdjudication(models.Model):
    """An admin's decision on a trajectory whose reviewers disagree; the newest one is in force."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        trajectory_id: int
    trajectory = models.ForeignKey(Trajectory, on_delete=models.CASCADE, related_name="adjudications")
    adjudicator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="verdict_adjudications")
    verdict = models.CharField(max_length=20, choices=[c for c in Verdict.choices if c[0] != Verdict.UNSURE])
    note = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.trajectory.episode_id}: adjudicated {self.verdict} by {self.adjudicator}"


class TrajectoryScore(models.Model):
    """One scorer version's verdict on a trajectory (its ``quality`` record, harness.scoring).

    Rescoring under a new version adds a row and keeps the old ones, so verdicts of different rules
    are never mixed and a change of rules can be compared trajectory by trajectory. The same version
    scored again replaces its own row.
    """

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        trajectory_id: int
        reasons: RelatedManager[ScoreReason]
    trajectory = models.ForeignKey(Trajectory, on_delete=models.CASCADE, related_name="scores")
    policy_version = models.CharField(max_length=200, db_index=True)
    edit_relevance_version = models.CharField(max_length=200, blank=True, default="")
    score = models.FloatField(db_index=True)
    passed = models.BooleanField(db_index=True)
    verified = models.BooleanField(null=True, blank=True)
    edit_relevant = models.BooleanField(null=True, blank=True, db_index=True)
    quality = models.JSONField()  # the whole record, as the document carried it
    scored_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["trajectory", "scored_at", "id"]
        constraints = [models.UniqueConstraint(fields=["trajectory", "policy_version", "edit_relevance_version"],
                                               name="one_score_per_version")]

    def __str__(self) -> str:
        return f"{self.trajectory.episode_id}: {self.policy_version} {self.score:.2f}"


class ReasonKind(models.TextChoices):
    HARD = "hard", "hard (rejects the trajectory)"
    SOFT = "soft", "soft (a penalty)"


class ScoreReason(models.Model):
    """One reason of a verdict, as a row: ``Trajectory.objects.filter(scores__reasons__rule=...)``."""

    score = models.ForeignKey(TrajectoryScore, on_delete=models.CASCADE, related_name="reasons")
    rule = models.CharField(max_length=100, db_index=True)
    kind = models.CharField(max_length=10, choices=ReasonKind.choices, db_index=True)
    message = models.TextField()
    turns = models.JSONField(default=list, blank=True)
    penalty = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["score", "kind", "id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.rule}"
