"""Lost jobs: a job whose worker stopped without ending it (killed, out of memory, its machine gone)
is failed with that reason; an episode it was playing keeps every turn it stored, folded into a
``crash`` trajectory. Workers run this when they start (for the jobs they held before a restart) and
on a timer (for any job whose heartbeat went quiet)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from webapp.runs.models import OVER, Episode, Job, JobState
from webapp.runs.services.episodes import keep_what_was_played
from webapp.runs.services.jobs import child_ended, fail_job, lost_after, send_finish

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
    return reaped


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
