"""Writes for jobs whose work runs as child jobs (a rollouts run: one child per task), and for the
training runs a training job records."""

from __future__ import annotations

from pathlib import Path

from django.db import transaction

from webapp.core.paths import data_dir
from webapp.runs.models import Job, TrainingRun
from webapp.runs.services.jobs import create_job, mark_fanned_out, send_jobs


def job_folder(job: Job, area: str) -> Path:
    """Where a job writes when it was given no folder: var/data/<area>/job-<root job>."""
    return data_dir() / area / f"job-{job.parent_id or job.pk}"


@transaction.atomic
def fan_out(*, job: Job, kind: str, children: list[dict], window: int | None) -> list[Job]:
    """One child job of ``kind`` per item of ``children`` (their arguments, already checked); the first
    ``window`` are handed to Celery when this commits, the next each time one ends."""
    made = [create_job(kind=kind, parent=job, created_by=job.created_by, enqueue=False, checked=True, params=params)
            for params in children]
    mark_fanned_out(job=job, total=len(made), window=window)
    send_jobs(jobs=made[:window] if window else made)
    return made


@transaction.atomic
def start_training_run(*, job: Job, kind: str, name: str, base_model: str) -> TrainingRun:
    return TrainingRun.objects.create(name=name or f"{kind} job {job.pk}", kind=kind, job=job, base_model=base_model,
                                      config=job.params, created_by=job.created_by)


@transaction.atomic
def finish_training_run(*, job: Job, output_dir: str, metrics: dict) -> None:
    TrainingRun.objects.filter(job=job).update(output_dir=output_dir, metrics=metrics)
