"""Running a job in a worker: claim it, give its type a RunningJob handle, keep a heartbeat that
also notices a cancel request, and record how it ended. ``finish_fanned_out`` is the final step of a
job whose work ran as child jobs."""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import close_old_connections, connection

from webapp.runs.models import Job, JobEventKind, JobState
from webapp.runs.registry import FAN_OUT, JobCancelled, JobFailure, JobParamsError, UnknownJobKind, job_type
from webapp.runs.services.jobs import (
    add_events,
    add_log,
    beat,
    child_ended,
    claim_job,
    fail_job,
    mark_cancelled,
    mark_fanned_out,
    set_progress,
    succeed_job,
)

log = logging.getLogger(__name__)


class RunningJob:
    """What a job type's ``run`` works with: its arguments, progress (written at most every
    ``STEPWISE_PROGRESS_INTERVAL_S``), a log, metric points, and cancellation."""

    def __init__(self, job: Job):
        self.job = job
        self.params = job.params
        self._cancel = threading.Event()
        self._teardowns: list = []
        self._lock = threading.Lock()
        self._written_at = 0.0
        self._pending: tuple | None = None

    # ---- cancellation -------------------------------------------------------------------------------
    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def check_cancelled(self) -> None:
        if self._cancel.is_set():
            raise JobCancelled()

    def on_cancel(self, teardown) -> None:
        """Call ``teardown()`` (from the heartbeat thread) as soon as the job is cancelled."""
        with self._lock:
            self._teardowns.append(teardown)
            now = self._cancel.is_set()
        if now:
            _quietly(teardown)

    def cancel(self) -> None:
        with self._lock:
            if self._cancel.is_set():
                return
            self._cancel.set()
            teardowns = list(self._teardowns)
        for teardown in teardowns:
            _quietly(teardown)

    # ---- progress, log, metrics ------------------------------------------------------------------
    def progress(self, done: int, total: int | None = None, message: str = "", *, unit: str | None = None,
                 check: bool = True) -> None:
        """Report progress (throttled; the last value is always written). Raises JobCancelled once the
        job is cancelled (unless ``check`` is False), so work that reports progress stops there."""
        self._pending = (done, total, message, unit)
        now = time.monotonic()
        final = total is not None and done >= total
        if final or now - self._written_at >= settings.STEPWISE_PROGRESS_INTERVAL_S:
            self.flush()
        if check:
            self.check_cancelled()

    def flush(self) -> None:
        pending, self._pending = self._pending, None
        if pending is not None:
            done, total, message, unit = pending
            set_progress(job=self.job, done=done, total=total, message=message, unit=unit)
            self._written_at = time.monotonic()

    def log(self, text: str) -> None:
        add_log(job=self.job, text=text)

    def metric(self, series: str, x: float, values: dict) -> None:
        """One point of a chart: ``series`` (e.g. "train"), the x value (a step), the y values."""
        add_events(job=self.job, kind=JobEventKind.METRIC, items=[{"series": series, "x": x, "values": values}])


def _quietly(teardown) -> None:
    try:
        teardown()
    except Exception:
        log.exception("a job's teardown failed")


class Heartbeat:
    """A thread that says the job is alive every ``STEPWISE_JOB_HEARTBEAT_S`` and cancels the work
    when someone asked to."""

    def __init__(self, work: RunningJob):
        self.work = work
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"job-{work.job.id}-heartbeat", daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join(timeout=30)

    def _run(self) -> None:
        try:
            while not self._stop.wait(settings.STEPWISE_JOB_HEARTBEAT_S):
                try:
                    if beat(job_id=self.work.job.id):
                        self.work.cancel()
                except Exception:
                    log.warning("job %s: the heartbeat could not be written", self.work.job.id, exc_info=True)
                    close_old_connections()
        finally:
            connection.close()


def execute_job(*, job_id: int, worker: str, celery_task_id: str = "") -> Job | None:
    """Run a job's work in this worker; None when there was nothing to run (see ``claim_job``)."""
    job = claim_job(job_id=job_id, worker=worker, celery_task_id=celery_task_id)
    if job is None:
        return None
    try:
        kind_type = job_type(job.kind)
    except UnknownJobKind:
        job = fail_job(job=job, error=f"no job type {job.kind!r} is registered in this worker (worker {worker})")
        child_ended(child=job)
        return job
    work = RunningJob(job)
    outcome = None
    try:
        with Heartbeat(work):
            try:
                result = kind_type.run(work)
                work.flush()
            except JobCancelled:
                outcome = ("cancelled", None)
            except JobFailure as exc:
                outcome = ("failed", str(exc))
            except JobParamsError as exc:
                outcome = ("failed", stored_params_error(job, exc))
            except Exception as exc:
                log.exception("job %s (%s) crashed", job.id, job.kind)
                outcome = ("failed", f"the job stopped on an unexpected error: {type(exc).__name__}: {exc}")
            else:
                if work.cancelled:
                    outcome = ("cancelled", None)
                elif result is FAN_OUT:
                    outcome = ("fanned_out", None)
                else:
                    outcome = ("succeeded", result)
    except BaseException as exc:  # the worker is shutting down (SystemExit, KeyboardInterrupt)
        job = fail_job(job=job, error=f"the worker stopped while running this job ({type(exc).__name__}); retry it")
        child_ended(child=job)
        raise
    return _record_outcome(job, work, outcome)


def stored_params_error(job: Job, exc: JobParamsError) -> str:
    return (f"the arguments stored with this {job.kind} job do not fit its kind ({exc}); launch a new one "
            "from the launch page")


def _record_outcome(job: Job, work: RunningJob, outcome) -> Job:
    what, value = outcome
    if what == "fanned_out":
        return Job.objects.get(pk=job.pk)
    try:
        work.flush()
    except Exception:
        log.warning("job %s: the last progress could not be written", job.id, exc_info=True)
    if what == "cancelled":
        job = mark_cancelled(job=job, why="cancelled while running; its sandboxes were stopped")
    elif what == "failed":
        job = fail_job(job=job, error=value)
    else:
        job = succeed_job(job=job, result=value)
    child_ended(child=job)
    return job


def finish_fanned_out(*, job_id: int) -> Job | None:
    """The final step of a job whose children are all over: its type's ``finish`` (a report)."""
    job = Job.objects.filter(pk=job_id).first()
    if job is None or job.is_over or job.state != JobState.RUNNING:
        return job
    if Job.objects.filter(parent=job).exclude(state__in=(JobState.SUCCEEDED, JobState.FAILED, JobState.CANCELLED)).exists():
        return job  # an early message; the last child sends another
    work = RunningJob(job)
    if job.cancel_requested_at is not None:
        work.cancel()
    try:
        result = job_type(job.kind).finish(work)
    except JobCancelled:
        return mark_cancelled(job=job, why="cancelled; its finished episodes are kept")
    except JobFailure as exc:
        return fail_job(job=job, error=str(exc))
    except JobParamsError as exc:
        return fail_job(job=job, error=stored_params_error(job, exc))
    except Exception as exc:
        log.exception("the final step of job %s (%s) crashed", job.id, job.kind)
        return fail_job(job=job, error=f"the final step stopped on an unexpected error: {type(exc).__name__}: {exc}")
    if job.cancel_requested_at is not None:
        return mark_cancelled(job=job, why="cancelled; the report covers the episodes that finished")
    return succeed_job(job=job, result=result)


__all__ = ["Heartbeat", "RunningJob", "execute_job", "finish_fanned_out", "mark_fanned_out"]
