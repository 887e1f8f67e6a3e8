from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.utils import timezone

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager



class JobState(models.TextChoices):
    QUEUED = "queued", "queued"
    RUNNING = "running", "running"
    SUCCEEDED = "succeeded", "succeeded"
    FAILED = "failed", "failed"
    CANCELLED = "cancelled", "cancelled"


OVER = (JobState.SUCCEEDED, JobState.FAILED, JobState.CANCELLED)


def job_kinds():
    """The kinds of the job type registry, as choices (read when forms and the admin need them)."""
    from webapp.runs.registry import kind_choices

    return kind_choices()


class Job(models.Model):
    """A piece of background work a Celery worker runs: one of the registered job types.

    Written only through ``webapp.runs.services``: state follows queued -> running -> succeeded,
    failed or cancelled; progress is ``progress_done`` of ``progress_total`` ``progress_unit`` at a
    smoothed ``progress_rate`` per second; the log and the metrics are JobEvent rows numbered by
    ``last_seq``. A job that fans out (an eval) waits on its ``children`` and ends in a final step.
    """

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        parent_id: int | None
        retry_of_id: int | None
        created_by_id: int | None
        episode: Any  # webapp.runs.models.episodes.Episode (it imports this module)
        eval_run: Any  # webapp.runs.models.results.EvalRun (likewise)
        events: RelatedManager[JobEvent]
        children: RelatedManager[Job]
    kind = models.CharField(max_length=100, choices=job_kinds, db_index=True)
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="children")
    retry_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="retries")
    queue = models.CharField(max_length=50, default="celery")
    state = models.CharField(max_length=20, choices=JobState.choices, default=JobState.QUEUED, db_index=True)
    params = models.JSONField(default=dict, blank=True)
    result = models.JSONField(null=True, blank=True)
    # Human-readable: what went wrong and what to do, shown as is in the UI.
    error = models.TextField(blank=True, default="")
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(null=True, blank=True)
    progress_unit = models.CharField(max_length=30, blank=True, default="")
    progress_rate = models.FloatField(null=True, blank=True)  # units per second, smoothed
    progress_message = models.CharField(max_length=500, blank=True, default="")
    progress_at = models.DateTimeField(null=True, blank=True)
    last_seq = models.PositiveIntegerField(default=0)  # the newest JobEvent's number
    version = models.PositiveIntegerField(default=0)  # bumped on every change, for followers
    fanned_out = models.BooleanField(default=False)  # its work runs as child jobs
    window = models.PositiveIntegerField(null=True, blank=True)  # children running at once (None: all)
    sent_at = models.DateTimeField(null=True, blank=True)  # last handed (or tried to hand) to the broker
    sends = models.PositiveIntegerField(default=0)  # how many times it was handed to the broker
    cancel_requested_at = models.DateTimeField(null=True, blank=True)
    worker = models.CharField(max_length=300, blank=True, default="")  # "node@host pid N"
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    celery_task_id = models.CharField(max_length=100, blank=True, default="")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="jobs")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        permissions = [("launch_job", "Launch jobs of every kind (researcher)"),
                       ("open_session", "Open live debugger sessions (researcher)"),
                       ("manage_any_job", "See, cancel and retry every user's jobs (admin)")]
        indexes = [models.Index(fields=["state", "heartbeat_at"], name="job_state_heartbeat"),
                   models.Index(fields=["parent", "state"], name="job_parent_state"),
                   models.Index(fields=["-updated_at"], name="job_recently_updated")]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.state})"

    @property
    def is_over(self) -> bool:
        return self.state in OVER

    @property
    def percent(self) -> float | None:
        if not self.progress_total:
            return 100.0 if self.state == JobState.SUCCEEDED else None
        return round(100.0 * min(self.progress_done, self.progress_total) / self.progress_total, 1)

    @property
    def eta_s(self) -> float | None:
        """Seconds left at the current rate, or at the average rate since the start when that is slower
        (None when unknown): the smoothed rate alone is optimistic early, when parallel episodes end
        together (two at once read as a rate of thousands a second)."""
        if self.is_over or not self.progress_total or not self.progress_rate:
            return None
        rate = self.progress_rate
        if self.started_at and self.progress_at and self.progress_done:
            elapsed = (self.progress_at - self.started_at).total_seconds()
            if elapsed > 0:
                rate = min(rate, self.progress_done / elapsed)
        return max(0.0, (self.progress_total - self.progress_done) / rate)

    @property
    def cancelling(self) -> bool:
        return self.cancel_requested_at is not None and not self.is_over


class JobEventKind(models.TextChoices):
    LOG = "log", "log line"
    METRIC = "metric", "metric"
    STATE = "state", "state change"


class JobEvent(models.Model):
    """One line of a job's log, one metric point, or a state change, numbered in order per job."""

    if TYPE_CHECKING:  # what Django adds (ids, reverse relations), for the type checker
        id: int
        job_id: int
    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=JobEventKind.choices)
    at = models.DateTimeField(default=timezone.now)
    data = models.JSONField(default=dict)

    class Meta:
        ordering = ["job", "seq"]
        constraints = [models.UniqueConstraint(fields=["job", "seq"], name="job_event_unique_seq")]

    def __str__(self) -> str:
        return f"job {self.job_id} #{self.seq} {self.kind}"
