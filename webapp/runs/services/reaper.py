"""Lost jobs: a job whose worker stopped without ending it (killed, out of memory, its machine gone)
is failed with that reason; an episode it was playing keeps every turn it stored, folded into a
``crash`` trajectory. Workers run this when they start (for the jobs they held before a restart) and
on a timer (for any job whose heartbeat went quiet)."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from webapp.runs.models import OVER, Episode, Job, JobState
from webapp.runs.services.episodes import keep_what_was_played
from webapp.runs.services.jobs import child_ended, fail_job, lost_after, send_finish, send_jobs

log = logging.getLogger(__name__)


def _lost_message(job: Job, restarted: bool) -> str:
    heard = job.heartbeat_at or job.started_at
    when = heard.strftime("%H:%M:%S UTC") if heard else "its start"
    cause = "restarted" if restarted else f"has not been heard from since {when}"
    what = "the turns it finished are kept; " if hasattr(job, "episode") else ""
    return (f"the worker running this job ({job.worker or 'unknown'}) {cause}: it was killed, ran out of memory "
            f"or lost its machine. The job did not finish; {what}retry it to run it again.")


def reap_lost_jobs(*, node: str | None = None) -> list[int]:
    """Fail the running jobs whose worker is gone; ``node``: this worker just started, so the jobs
    recorded as running on it are lost now. Returns the ids of the jobs failed."""
    cutoff = timezone.now() - lost_after()
    quiet = Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True, started_at__lt=cutoff)
    if node:
        quiet |= Q(worker__startswith=f"{node} ")
    candidates = Job.objects.filter(quiet, state=JobState.RUNNING, fanned_out=False).values_list("id", "worker")
    reaped = []
    for job_id, worker in list(candidates):
        restarted = bool(node) and worker.startswith(f"{node} ")
        if _reap(job_id, restarted):
            reaped.append(job_id)
    _finish_forgotten_parents(cutoff)
    return reaped + resend_stalled_jobs()


def resend_stalled_jobs() -> list[int]:
    """Queued jobs handed to the broker more than STEPWISE_JOB_QUEUED_DEADLINE_S ago that no worker
    took (the message was lost, or the broker would not take it), and launched jobs never handed to it
    (the web process died between the commit and the send): sent again, and failed with the reason
    once STEPWISE_JOB_MAX_SENDS sends went unanswered. Returns the ids of the jobs failed. (Children
    never sent are waiting for room in their parent's window: ``child_ended`` sends them.)"""
    deadline = settings.STEPWISE_JOB_QUEUED_DEADLINE_S
    cutoff = timezone.now() - timedelta(seconds=deadline)
    late = Q(sent_at__lt=cutoff) | Q(sent_at__isnull=True, parent__isnull=True, created_at__lt=cutoff)
    stalled = Job.objects.filter(late, state=JobState.QUEUED, cancel_requested_at__isnull=True)
    failed = []
    for job_id in list(stalled.values_list("id", flat=True)):
        with transaction.atomic():
            job = Job.objects.select_for_update(skip_locked=True).filter(late, pk=job_id, state=JobState.QUEUED).first()
            if job is None:
                continue  # taken by a worker meanwhile, or another reaper has it
            if job.sends < settings.STEPWISE_JOB_MAX_SENDS:
                log.warning("job %s (%s): still queued %.0f s after it was sent; sending it again", job.id,
                            job.kind, deadline)
                Job.objects.filter(pk=job.pk).update(sent_at=timezone.now())  # not picked again meanwhile
                send_jobs(jobs=[job])
                continue
            message = (f"no worker took this job from the queue {job.queue!r}: it was sent {job.sends} time(s), "
                       f"{deadline:.0f} s apart, and is still queued. Start a worker for that queue (celery -A "
                       f"webapp.config.celery_app worker --queues {job.queue}) or check the job queue, then retry.")
            log.warning("job %s (%s): %s", job.id, job.kind, message)
            job = fail_job(job=job, error=message)
        failed.append(job_id)
        child_ended(child=job)
    return failed


def _reap(job_id: int, restarted: bool) -> bool:
    with transaction.atomic():
        job = Job.objects.select_for_update(skip_locked=True).filter(pk=job_id, state=JobState.RUNNING).first()
        if job is None:
            return False  # another worker's reaper has it, or it ended meanwhile
        message = _lost_message(job, restarted)
        log.warning("job %s (%s): %s", job.id, job.kind, message)
        job = fail_job(job=job, error=message)
    episode = Episode.objects.filter(job_id=job_id).select_related("eval_run").first()
    if episode is not None:
        try:
            keep_what_was_played(episode=episode, reason="the worker playing this episode was lost")
        except Exception:  # the job is failed either way; its events stay in the database
            log.exception("episode %s: its lost document could not be stored", episode.episode_id)
    child_ended(child=job)
    return True


def _finish_forgotten_parents(cutoff) -> None:
    """A job that fanned out whose children are all over but whose final step never ran (its message
    was lost with a worker): send it again."""
    parents = Job.objects.filter(state=JobState.RUNNING, fanned_out=True, updated_at__lt=cutoff)
    for parent in parents:
        if not Job.objects.filter(parent=parent).exclude(state__in=OVER).exists():
            with transaction.atomic():
                send_finish(job=parent)
