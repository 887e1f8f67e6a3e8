from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils import timezone

from webapp.runs.models.jobs import Job
from webapp.runs.models.results import EvalRun

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager


class Driver(models.TextChoices):
    POLICY = "policy", "a policy (model or script)"
    HUMAN = "human", "a person in the browser"


class Episode(models.Model):
    """One episode played by an episode job: its events arrive as they happen (EpisodeEvent), the
    finished document becomes a Trajectory. Its state is its job's."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        job_id: int
        eval_run_id: int | None
        trajectory_id: int | None
        events: RelatedManager[EpisodeEvent]
        human_calls: RelatedManager[HumanCall]
    job = models.OneToOneField(Job, on_delete=models.CASCADE, related_name="episode")
    episode_id = models.CharField(max_length=200, unique=True)
    task_name = models.CharField(max_length=200, db_index=True)
    arm = models.CharField(max_length=10)
    run = models.PositiveSmallIntegerField(default=1)
    driver = models.CharField(max_length=10, choices=Driver.choices, default=Driver.POLICY)
    policy = models.CharField(max_length=500, blank=True, default="")  # the spec or the person, for people
    eval_run = models.ForeignKey(EvalRun, null=True, blank=True, on_delete=models.SET_NULL, related_name="episodes")
    turns = models.PositiveIntegerField(default=0)
    last_seq = models.PositiveIntegerField(default=0)
    exit_reason = models.CharField(max_length=30, blank=True, default="")
    verified = models.BooleanField(null=True, blank=True)
    trajectory = models.OneToOneField("trajectories.Trajectory", null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="live_episode")
    document_path = models.CharField(max_length=1000, blank=True, default="")
    last_activity_at = models.DateTimeField(default=timezone.now)  # a person's last call (idle reaping)
    # The files the session's viewer showed its driver since their last call: handed to that call.
    viewed_since_call = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.task_name}/{self.arm} ({self.episode_id})"


class EpisodeEvent(models.Model):
    """One event of an episode as it happened: header, message, step, result or quality."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        episode_id: int
    episode = models.ForeignKey(Episode, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=20)
    at = models.DateTimeField(default=timezone.now)
    data = models.JSONField(default=dict)

    class Meta:
        ordering = ["episode", "seq"]
        constraints = [models.UniqueConstraint(fields=["episode", "seq"], name="episode_event_unique_seq")]

    def __str__(self) -> str:
        return f"episode {self.episode_id} #{self.seq} {self.kind}"


class HumanCall(models.Model):
    """A tool call a person made in a live session, waiting for (then taken by) its episode's worker."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        episode_id: int
    episode = models.ForeignKey(Episode, on_delete=models.CASCADE, related_name="human_calls")
    name = models.CharField(max_length=100)
    arguments = models.JSONField(default=dict, blank=True)
    note = models.TextField(blank=True, default="")  # the person's words with the call
    viewed = models.JSONField(default=list, blank=True)  # files the viewer showed before it (their reads)
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    taken_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["episode", "id"]
        indexes = [models.Index(fields=["episode", "taken_at"], name="human_call_waiting")]

    def __str__(self) -> str:
        return f"{self.name} for {self.episode_id}"
