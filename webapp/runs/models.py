from django.conf import settings
from django.db import models


class JobState(models.TextChoices):
    PENDING = "pending", "pending"
    RUNNING = "running", "running"
    FINISHED = "finished", "finished"
    FAILED = "failed", "failed"
    CANCELLED = "cancelled", "cancelled"


class Job(models.Model):
    """A piece of background work run by a Celery worker; the browser follows state and progress."""

    kind = models.CharField(max_length=100, db_index=True)  # a name in webapp.runs.jobs.JOB_TYPES
    state = models.CharField(max_length=20, choices=JobState.choices, default=JobState.PENDING, db_index=True)
    progress = models.PositiveSmallIntegerField(default=0)  # 0..100
    params = models.JSONField(default=dict, blank=True)
    result = models.JSONField(null=True, blank=True)
    log = models.TextField(blank=True, default="")
    # Human-readable: what went wrong and what to do, shown as is in the UI.
    error = models.TextField(blank=True, default="")
    celery_task_id = models.CharField(max_length=100, blank=True, default="")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="jobs")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.CheckConstraint(condition=models.Q(progress__lte=100), name="job_progress_max_100")]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.state}, {self.progress}%)"

    @property
    def is_over(self) -> bool:
        return self.state in (JobState.FINISHED, JobState.FAILED, JobState.CANCELLED)


class EvalRun(models.Model):
    """A paired A/B evaluation (base vs dbg arm) over a set of tasks; its report when done."""

    name = models.CharField(max_length=200)
    job = models.OneToOneField(Job, null=True, blank=True, on_delete=models.SET_NULL, related_name="eval_run")
    config = models.JSONField(default=dict, blank=True)  # tasks, arms, policy, seeds, max_turns
    report = models.JSONField(null=True, blank=True)  # metrics from harness.eval
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
