"""Reads for jobs and runs."""

from __future__ import annotations

from django.db.models import QuerySet

from webapp.runs.models import EvalRun, Job, TrainingRun


def job_list(*, user=None, kind: str | None = None) -> QuerySet[Job]:
    rows = Job.objects.select_related("created_by")
    if user is not None:
        rows = rows.filter(created_by=user)
    if kind is not None:
        rows = rows.filter(kind=kind)
    return rows


def active_jobs() -> QuerySet[Job]:
    return Job.objects.filter(state__in=["pending", "running"])


def eval_run_list() -> QuerySet[EvalRun]:
    return EvalRun.objects.select_related("job", "created_by")


def training_run_list() -> QuerySet[TrainingRun]:
    return TrainingRun.objects.select_related("job", "created_by")
