"""Writes for jobs: create, the state machine, progress, events, cancel and retry.

Keyword-only arguments; each function is one transaction that holds the job's row, so a job's
events are numbered (``seq``) and committed in order, and followers reading "after N" miss none.
Every change rings the doorbell of the job (and of its parent and of the jobs list) on commit.
"""

from __future__ import annotations

import logging
import os
import socket
from datetime import timedelta
from typing import cast

from celery import Celery, current_app
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from webapp.core import roles
from webapp.live.doorbell import ring
from webapp.runs.models import OVER, Episode, Job, JobEvent, JobEventKind, JobState
from webapp.runs.registry import REGISTRY, job_type
from webapp.runs.services.admission import admit, require_launcher
from webapp.runs.services.episodes import episode_topic

log = logging.getLogger(__name__)
RUN_JOB_TASK = "runs.run_job"  # the names webapp.runs.tasks registers its tasks under
FINISH_JOB_TASK = "runs.finish_job"
RATE_SMOOTHING = 0.3  # weight of the newest interval in the smoothed rate

ALLOWED = {
    JobState.QUEUED: {JobState.RUNNING, JobState.CANCELLED, JobState.FAILED},
    JobState.RUNNING: {JobState.SUCCEEDED, JobState.FAILED, JobState.CANCELLED},
}


class IllegalTransition(ValueError):
    pass


class JobIsOver(ValueError):
    pass


def job_topic(job_id: int) -> str:
    return f"job.{job_id}"


JOBS_TOPIC = "jobs"


def worker_name(node: str = "") -> str:
    return f"{node or socket.gethostname()} pid {os.getpid()}"


def _changed(job: Job, fields: list[str]) -> None:
    """Save ``fields`` of a locked job, bump its version and ring its followers on commit."""
    job.version += 1
    job.save(update_fields=[*fields, "version", "updated_at"])
    ring(job_topic(job.id))
    ring(JOBS_TOPIC)
    if job.parent_id:
        ring(job_topic(job.parent_id))
    kind_type = REGISTRY.get(job.kind)
    if kind_type is not None and kind_type.plays_episode:  # its episode's viewers show the job's state
        for episode_pk in Episode.objects.filter(job_id=job.id).values_list("pk", flat=True):
            ring(episode_topic(episode_pk))


def _locked(job_id: int) -> Job:
    return Job.objects.select_for_update().get(pk=job_id)


def append_event(job: Job, kind: str, data: dict) -> JobEvent:
    """The job's next event (the caller holds the job's row; ``last_seq`` is saved by ``_changed``)."""
    job.last_seq += 1
    return JobEvent.objects.create(job=job, seq=job.last_seq, kind=kind, data=data)


def _transition(job: Job, to: str, *, why: str = "") -> None:
    if to not in ALLOWED.get(job.state, ()):
        raise IllegalTransition(f"job {job.id} is {job.state}; it cannot become {to}")
    append_event(job, JobEventKind.STATE, {"from": job.state, "to": to, "why": why})
    job.state = to


# ---- creating --------------------------------------------------------------------------------------
@transaction.atomic
def create_job(*, kind: str, params: dict | None = None, created_by=None, enqueue: bool = True,
               parent: Job | None = None, retry_of: Job | None = None, checked: bool = False) -> Job:
    """Record a job (its arguments checked by its type) and hand it to a worker once this commits.
    Raises UnknownJobKind or JobParamsError (naming each bad field) and stores nothing then."""
    kind_type = job_type(kind)
    if created_by is not None and parent is None:
        require_launcher(kind=kind, user=created_by)  # the role first: its refusal says what to do
    clean = kind_type.stored(params or {}) if checked else kind_type.clean(params or {}, user=created_by)
    if created_by is not None and parent is None:  # a person launched it (children were admitted with it)
        admit(kind=kind, params=clean, user=created_by)
    job = Job.objects.create(kind=kind, params=clean, created_by=created_by, queue=kind_type.queue,
                             parent=parent, retry_of=retry_of)
    kind_type.prepare(job)
    append_event(job, JobEventKind.STATE, {"from": None, "to": JobState.QUEUED, "why": "created"})
    _changed(job, ["last_seq"])
    if enqueue:
        send_jobs(jobs=[job], fail_unsent=parent is None)
    return job


def _app() -> Celery:
    """The Celery app made current at start-up (``current_app`` is its untyped proxy)."""
    return cast(Celery, current_app)


class BrokerUnavailable(RuntimeError):
    """The broker (the job queue) did not take a message after the bounded retries."""


def broker_address() -> str:
    """Where the broker is, without any password in its URL."""
    try:
        with _app().connection_for_write() as connection:
            where = f"{connection.hostname}:{connection.port}" if connection.hostname else ""
            return f"{connection.transport_cls}://{where}"
    except Exception:  # an unparsable URL: say which setting holds it
        return "CELERY_BROKER_URL"


def send_task_message(name: str, *, args: list, queue: str) -> str:
    """Publish one task message, retried ``STEPWISE_BROKER_SEND_RETRIES`` times; its id. Raises
    BrokerUnavailable within seconds when the broker is down (no result backend is waited on: jobs
    keep their state in the database)."""
    policy = {"max_retries": settings.STEPWISE_BROKER_SEND_RETRIES, "interval_start": 0,
              "interval_step": settings.STEPWISE_BROKER_SEND_INTERVAL_S,
              "interval_max": settings.STEPWISE_BROKER_SEND_INTERVAL_S}
    try:
        with _app().connection_for_write() as connection:
            connection.ensure_connection(max_retries=settings.STEPWISE_BROKER_SEND_RETRIES,
                                         interval_start=0, interval_step=settings.STEPWISE_BROKER_SEND_INTERVAL_S,
                                         interval_max=settings.STEPWISE_BROKER_SEND_INTERVAL_S)
            result = _app().send_task(name, args=args, queue=queue, connection=connection, retry=True,
                                           retry_policy=policy, ignore_result=True)
    except Exception as exc:  # kombu's OperationalError, OSError, redis' ConnectionError: all "not sent"
        raise BrokerUnavailable(f"the job queue ({broker_address()}) could not be reached: "
                                f"{type(exc).__name__}: {str(exc)[:200].rstrip('.')}") from None
    return result.id


def send_jobs(*, jobs: list[Job], fail_unsent: bool = False) -> None:
    """Hand queued jobs to Celery once the transaction commits (one message each, on their queues).
    ``sent_at`` and ``sends`` record each attempt. A message the broker would not take: with
    ``fail_unsent`` (a person is launching and waits for the answer) the job is failed with the reason
    at once; otherwise (children sent by a worker) the job stays queued, and the reaper sends it again
    (``resend_stalled_jobs``) until it fails it with the reason."""
    pairs = [(j.pk, j.queue) for j in jobs]

    def send():
        for pk, queue in pairs:
            now = timezone.now()
            try:
                # By name: the task module calls back into these services, so importing it here would loop.
                task_id = send_task_message(RUN_JOB_TASK, args=[pk], queue=queue)
            except BrokerUnavailable as exc:
                Job.objects.filter(pk=pk).update(sent_at=now, sends=F("sends") + 1)
                log.warning("job %s: %s", pk, exc)
                unsent(job_id=pk, error=str(exc), fail=fail_unsent)
                continue
            Job.objects.filter(pk=pk).update(sent_at=now, sends=F("sends") + 1)
            Job.objects.filter(pk=pk, celery_task_id="").update(celery_task_id=task_id)

    transaction.on_commit(send)


@transaction.atomic
def unsent(*, job_id: int, error: str, fail: bool) -> Job | None:
    """A job whose message the broker did not take: failed (``fail``) or noted for the reaper."""
    job = Job.objects.select_for_update().filter(pk=job_id, state=JobState.QUEUED).first()
    if job is None:
        return None
    if fail:
        message = (f"{error}. Nothing ran; retry the job once the job queue is back "
                   "(the full stack: `docker compose up -d redis`).")
        _transition(job, JobState.FAILED, why=message[:300])
        job.error, job.finished_at = message, timezone.now()
        _changed(job, ["state", "error", "finished_at", "last_seq"])
    else:
        append_event(job, JobEventKind.LOG, {"text": f"{error}; it is sent again within "
                                                     f"{settings.STEPWISE_JOB_QUEUED_DEADLINE_S:.0f} s"})
        _changed(job, ["last_seq"])
    return job


# ---- running ---------------------------------------------------------------------------------------
@transaction.atomic
def claim_job(*, job_id: int, worker: str, celery_task_id: str = "") -> Job | None:
    """Start a queued job for this worker. None when there is nothing to run: the job is over (a
    redelivered message), already running elsewhere (a duplicate), or was cancelled while queued."""
    job = Job.objects.select_for_update().filter(pk=job_id).first()
    if job is None or job.state != JobState.QUEUED:
        return None
    if job.cancel_requested_at is not None:
        _transition(job, JobState.CANCELLED, why="cancelled before it started")
        job.finished_at = timezone.now()
        _changed(job, ["state", "finished_at", "last_seq"])
        return None
    _transition(job, JobState.RUNNING, why=f"on {worker}")
    now = timezone.now()
    job.started_at = job.heartbeat_at = now
    job.worker, job.celery_task_id = worker, celery_task_id or job.celery_task_id
    _changed(job, ["state", "started_at", "heartbeat_at", "worker", "celery_task_id", "last_seq"])
    return job


@transaction.atomic
def beat(*, job_id: int) -> bool:
    """The running job is alive; True when someone asked to cancel it."""
    now = timezone.now()
    Job.objects.filter(pk=job_id, state=JobState.RUNNING).update(heartbeat_at=now)
    return Job.objects.filter(pk=job_id, cancel_requested_at__isnull=False).exists()


def _advance(locked: Job, done: int) -> None:
    """``done`` units now, and the smoothed rate (units per second) that the ETA is read from."""
    now = timezone.now()
    since, before = (locked.progress_at or locked.started_at), locked.progress_done
    if since is not None and done > before:
        seconds = max((now - since).total_seconds(), 1e-3)
        rate = (done - before) / seconds
        locked.progress_rate = rate if locked.progress_rate is None else (
            RATE_SMOOTHING * rate + (1 - RATE_SMOOTHING) * locked.progress_rate)
    if done != before or locked.progress_at is None:
        locked.progress_at = now
    locked.progress_done = done


@transaction.atomic
def set_progress(*, job: Job, done: int, total: int | None = None, message: str = "", unit: str | None = None) -> Job:
    """Progress as ``done`` of ``total`` (None: unknown); the rate is smoothed over the updates."""
    locked = _locked(job.pk)
    _advance(locked, max(0, int(done)))
    if total is not None:
        locked.progress_total = max(0, int(total))
    if unit is not None:
        locked.progress_unit = unit[:30]
    if message:
        locked.progress_message = message[:500]
    _changed(locked, ["progress_done", "progress_total", "progress_unit", "progress_rate", "progress_message",
                      "progress_at"])
    return locked


@transaction.atomic
def add_events(*, job: Job, kind: str, items: list[dict]) -> Job:
    """Append log lines (``{"text": ...}``) or metric points (``{"series", "x", "values"}``)."""
    locked = _locked(job.pk)
    for data in items:
        append_event(locked, kind, data)
    _changed(locked, ["last_seq"])
    return locked


def add_log(*, job: Job, text: str) -> Job:
    lines = [line for line in str(text).rstrip("\n").split("\n")] or [""]
    return add_events(job=job, kind=JobEventKind.LOG, items=[{"text": line[:2000]} for line in lines])


@transaction.atomic
def succeed_job(*, job: Job, result: dict | None) -> Job:
    locked = _locked(job.pk)
    _transition(locked, JobState.SUCCEEDED)
    locked.result, locked.finished_at = result, timezone.now()
    _changed(locked, ["state", "result", "finished_at", "last_seq"])
    return locked


@transaction.atomic
def fail_job(*, job: Job, error: str) -> Job:
    locked = _locked(job.pk)
    _transition(locked, JobState.FAILED, why=error[:300])
    locked.error, locked.finished_at = error, timezone.now()
    _changed(locked, ["state", "error", "finished_at", "last_seq"])
    return locked


@transaction.atomic
def mark_cancelled(*, job: Job, why: str = "cancelled") -> Job:
    locked = _locked(job.pk)
    if locked.is_over:
        return locked
    _transition(locked, JobState.CANCELLED, why=why)
    locked.finished_at = timezone.now()
    _changed(locked, ["state", "finished_at", "last_seq"])
    return locked


@transaction.atomic
def mark_fanned_out(*, job: Job, total: int, window: int | None) -> Job:
    locked = _locked(job.pk)
    locked.fanned_out, locked.window, locked.progress_total = True, window, total
    locked.progress_unit = locked.progress_unit or job_type(locked.kind).unit
    _changed(locked, ["fanned_out", "window", "progress_total", "progress_unit"])
    return locked


# ---- people's actions -----------------------------------------------------------------------------
@transaction.atomic
def cancel_job(*, job: Job, by=None) -> Job:
    """Cancel a queued job at once; ask a running one to stop (its worker tears the work down,
    sandboxes included, within a heartbeat). A job that fanned out cancels its children. ``by``: the
    person asking (its owner, a researcher, or an admin; refused otherwise); None for the system."""
    roles.require_manage_job(by, job, "cancel")
    locked = _locked(job.pk)
    if locked.is_over:
        raise JobIsOver(f"job {locked.id} is already {locked.state}; there is nothing to cancel")
    who = f" by {by.get_username()}" if by is not None else ""
    now = timezone.now()
    if locked.cancel_requested_at is None:
        locked.cancel_requested_at = now
        append_event(locked, JobEventKind.LOG, {"text": f"cancel requested{who}"})
    if locked.state == JobState.QUEUED:
        _transition(locked, JobState.CANCELLED, why=f"cancelled{who} before it started")
        locked.finished_at = now
    _changed(locked, ["cancel_requested_at", "state", "finished_at", "last_seq"])
    for child in Job.objects.filter(parent=locked).exclude(state__in=OVER).order_by("id"):
        cancel_job(job=child, by=by)
    if locked.fanned_out and not Job.objects.filter(parent=locked).exclude(state__in=OVER).exists():
        send_finish(job=locked)
    return locked


@transaction.atomic
def retry_job(*, job: Job, by=None) -> Job:
    """A new job of the same kind with the same arguments (checked again: a task may be gone, the
    person's role and quotas too)."""
    roles.require_manage_job(by, job, "retry")
    if not job.is_over:
        raise ValueError(f"job {job.id} is still {job.state}; cancel it or wait for it to end before retrying")
    return create_job(kind=job.kind, params=job.params, created_by=by or job.created_by, retry_of=job)


# ---- children --------------------------------------------------------------------------------------
def send_finish(*, job: Job) -> None:
    pk = job.pk
    queue = job.queue

    def send():
        try:
            send_task_message(FINISH_JOB_TASK, args=[pk], queue=queue)
        except BrokerUnavailable as exc:  # the reaper sends it again (_finish_forgotten_parents)
            log.warning("job %s: its final step was not sent: %s", pk, exc)

    transaction.on_commit(send)


@transaction.atomic
def child_ended(*, child: Job) -> Job | None:
    """After a child job ended: its parent's progress, the next queued child within the window, and
    the parent's final step once none is left. Returns the parent."""
    if child.parent_id is None:
        return None
    parent = _locked(child.parent_id)
    children = Job.objects.filter(parent=parent)
    over = children.filter(state__in=OVER).count()
    _advance(parent, over)  # an eval's rate and ETA are its episodes'
    job_type(parent.kind).child_over(parent, child)
    over = children.filter(state__in=OVER).count()  # child_over may have cancelled queued children
    _changed(parent, ["progress_done", "progress_rate", "progress_at", "last_seq"])
    running = children.filter(sent_at__isnull=False).exclude(state__in=OVER).count()
    room = (parent.window or 10**9) - running
    if room > 0 and parent.cancel_requested_at is None:
        waiting = list(children.filter(state=JobState.QUEUED, sent_at__isnull=True).order_by("id")[:room])
        if waiting:
            send_jobs(jobs=waiting)
    if over == children.count() and parent.state == JobState.RUNNING:
        send_finish(job=parent)
    return parent


def lost_after() -> timedelta:
    return timedelta(seconds=settings.STEPWISE_JOB_LOST_AFTER_S)
