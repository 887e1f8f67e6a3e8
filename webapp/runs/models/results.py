from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models

from webapp.runs.models.jobs import Job

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager



class EvalRun(models.Model):
    """A paired A/B evaluation (base vs dbg arm) over a set of tasks; its report when done."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        job_id: int | None
        episodes: RelatedManager[Any]  # webapp.runs.models.episodes.Episode (it imports this module)
    name = models.CharField(max_length=200)
    job = models.OneToOneField(Job, null=True, blank=True, on_delete=models.SET_NULL, related_name="eval_run")
    config = models.JSONField(default=dict, blank=True)  # tasks, arms, policy, seeds, max_turns
    report = models.JSONField(null=True, blank=True)  # metrics from harness.eval
    out_dir = models.CharField(max_length=1000, blank=True, default="")  # the harness eval folder, if any
    trajectories = models.ManyToManyField("trajectories.Trajectory", blank=True, related_name="eval_runs")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="eval_runs")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name


class TrainingKind(models.TextChoices):
    SFT = "sft", "SFT (DoRA)"
    GRPO = "grpo", "GRPO"


class TrainingRun(models.Model):
    """An SFT or GRPO training run: its configuration, where the adapter went, its metrics."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        job_id: int | None
    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=10, choices=TrainingKind.choices)
    job = models.OneToOneField(Job, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="training_run")
    base_model = models.CharField(max_length=300)
    config = models.JSONField(default=dict, blank=True)
    output_dir = models.CharField(max_length=1000, blank=True, default="")
    metrics = models.JSONField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="training_runs")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.kind})"
