"""Writes for jobs and runs. Keyword-only arguments; each function is one transaction, except
``execute_job``, which runs a job's work and records each stage through the others."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from celery import current_app
from django.db import transaction
from django.utils import timezone

from webapp.runs.jobs import JOB_TYPES, JobFailure
from webapp.runs.models import Job, JobState

log = logging.getLogger(__name__)
RUN_JOB_TASK = "runs.run_job"  # the name webapp.runs.tasks registers run_job under


def job_group(job_id: int) -> str:
    """The channel-layer group a browser joins to follow a job."""
    return f"job-{job_id}"


def _announce(job: Job) -> None:
    """Push the job's state to its followers; a missing or down channel layer never fails the job."""
    try:
        from channels.layers import get_channel_layer

        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(job_group(job.id), {
                "type": "job.update", "job": job.id, "state": job.state, "progress": job.progress,
                "error": job.error})
    except Exception:
        log.warning("could not announce job %s progress", job.id, exc_info=True)


@transaction.atomic
def create_job(*, kind: str, params: dict | None = None, created_by=None, enqueue: bool = True) -> Job:
    """Record a job and, once the transaction commits, hand it to a worker."""
    if kind not in JOB_TYPES:
        raise ValueError(f"unknown job kind {kind!r}; known kinds: {', '.join(sorted(JOB_TYPES))}")
    job = Job.objects.create(kind=kind, params=params or {}, created_by=created_by)
    if enqueue:
        # By name: the task module calls back into these services, so importing it here would loop.
        transaction.on_commit(lambda: current_app.send_task(RUN_JOB_TASK, args=[job.id]))
    return job


@transaction.atomic
def start_job(*, job: Job, celery_task_id: str = "") -> Job:
    job.state, job.started_at, job.celery_task_id = JobState.RUNNING, timezone.now(), celery_task_id
    job.save(update_fields=["state", "started_at", "celery_task_id", "updated_at"])
    transaction.on_commit(lambda: _announce(job))
    return job


@transaction.atomic
def report_progress(*, job: Job, progress: int, message: str = "") -> Job:
    job.progress = max(0, min(100, int(progress)))
    if message:
        job.log += message.rstrip("\n") + "\n"
    job.save(update_fields=["progress", "log", "updated_at"])
    transaction.on_commit(lambda: _announce(job))
    return job


@transaction.atomic
def finish_job(*, job: Job, result: dict | None) -> Job:
    job.state, job.progress, job.result, job.finished_at = JobState.FINISHED, 100, result, timezone.now()
    job.save(update_fields=["state", "progress", "result", "finished_at", "updated_at"])
    transaction.on_commit(lambda: _announce(job))
    return job


@transaction.atomic
def fail_job(*, job: Job, error: str) -> Job:
    job.state, job.error, job.finished_at = JobState.FAILED, error, timezone.now()
    job.save(update_fields=["state", "error", "finished_at", "updated_at"])
    transaction.on_commit(lambda: _announce(job))
    return job


def execute_job(*, job_id: int, celery_task_id: str = "") -> Job:
    """Run a job's registered function, recording state, progress and a human-readable error."""
    job = Job.objects.get(pk=job_id)
    if job.is_over:
        return job  # a redelivered message: the work is already done
    start_job(job=job, celery_task_id=celery_task_id)
    work = JOB_TYPES.get(job.kind)
    if work is None:
        return fail_job(job=job, error=f"no job type {job.kind!r} is registered in this worker")
    try:
        result = work(job, lambda percent, message="": report_progress(job=job, progress=percent, message=message))
    except JobFailure as exc:
        return fail_job(job=job, error=str(exc))
    except Exception as exc:
        log.exception("job %s (%s) crashed", job.id, job.kind)
        return fail_job(job=job, error=f"the job stopped on an unexpected error: {type(exc).__name__}: {exc}")
    return finish_job(job=job, result=result)
