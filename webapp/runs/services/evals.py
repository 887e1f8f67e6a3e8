"""Writes for a paired eval launched from the web (``webapp.runs.kinds.evals`` plans it with harness.eval):
its EvalRun, one child episode job per planned episode (handed to Celery ``workers`` at a time, so
workers on any host share them), the circuit breaker over the children as they end (harness.eval's
``InfraBreaker``: the queued ones are cancelled once the endpoint has failed too many in a row), and
the stored report."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from pathlib import Path

from django.db import transaction

from harness.eval.breaker import InfraBreaker
from harness.trajectory import write_document
from webapp.core.paths import data_dir
from webapp.runs.models import OVER, Episode, EvalRun, Job, JobEvent, JobEventKind, JobState
from webapp.runs.registry import JobCancelled
from webapp.runs.services.jobs import append_event, cancel_job, create_job, mark_fanned_out, send_jobs

log = logging.getLogger(__name__)
BREAKER_EVENT = "breaker"  # the key of the parent's log event that says the breaker stopped the eval


def new_eval_folder(eval_run: EvalRun) -> Path:
    """A folder of its own for a new eval: ``evals/<id>``, or ``evals/<id>-<random>`` when that one is
    there already (left by a database that was reset, or another site on the same data folder): harness.eval
    would take its trajectories as this eval's finished episodes."""
    folder = data_dir() / "evals" / f"{eval_run.pk}"
    return folder if not folder.exists() else folder.with_name(f"{eval_run.pk}-{uuid.uuid4().hex[:8]}")


@transaction.atomic
def start_eval(*, job: Job, name: str, config: dict, plan: Callable[[EvalRun], list[dict]],
               window: int | None, folder: Path | None = None) -> EvalRun:
    """The eval's row (its folder: ``folder``, the one of the eval a retry takes up, else
    ``new_eval_folder``), then ``plan(eval_run)``'s episode jobs, one per argument set; the first
    ``window`` are handed to Celery on commit. A failed plan stores nothing; a cancel that came meanwhile
    rolls it all back (JobCancelled): no child is left queued with no parent to send it, and a cancel
    after the commit finds the children and cancels them."""
    eval_run = EvalRun.objects.create(name=name, job=job, created_by=job.created_by, config=config)
    eval_run.out_dir = str(folder or new_eval_folder(eval_run))
    eval_run.save(update_fields=["out_dir"])
    jobs = [create_job(kind="episode", parent=job, created_by=job.created_by, enqueue=False, checked=True,
                       params=params) for params in plan(eval_run)]
    locked = mark_fanned_out(job=job, total=len(jobs), window=window)  # holds the job's row from here
    if locked.cancel_requested_at is not None:  # cancelled while planning: plan nothing (rolled back)
        raise JobCancelled()
    send_jobs(jobs=jobs[:window] if window else jobs)
    return eval_run


def solve_rates(parent: Job) -> dict[str, float]:
    """Per arm, the verified share of the episodes finished so far (harness faults left out)."""
    rows = Episode.objects.filter(job__parent=parent, job__state__in=(JobState.SUCCEEDED,)) \
        .exclude(exit_reason__in=("error", "crash", "infra_error")).values_list("arm", "verified")
    totals: dict[str, list[int]] = {}
    for arm, verified in rows:
        tally = totals.setdefault(arm, [0, 0])
        tally[0] += bool(verified)
        tally[1] += 1
    return {arm: round(solved / runs, 4) for arm, (solved, runs) in sorted(totals.items()) if runs}


def eval_breaker(parent: Job, limit: int) -> InfraBreaker:
    """harness.eval's circuit breaker fed with the eval's episodes that ran, in the order they ended."""
    breaker = InfraBreaker(limit)
    rows = Episode.objects.filter(job__parent=parent, job__state__in=OVER, job__started_at__isnull=False) \
        .order_by("job__finished_at", "job_id").values_list("exit_reason", "trajectory__document__result__reason")
    for exit_reason, reason in rows:
        breaker.record(exit_reason or None, reason if isinstance(reason, str) else None)
    return breaker


def breaker_stop(parent: Job) -> str | None:
    """Why the circuit breaker stopped this eval, or None when it did not."""
    event = JobEvent.objects.filter(job=parent, kind=JobEventKind.LOG, data__has_key=BREAKER_EVENT).order_by("seq").last()
    return event.data.get("text") if event is not None else None


def record_episode_end(*, parent: Job, child: Job, infra_limit: int) -> None:
    """An eval's child ended (the caller holds the parent's row): a log line, a solve-rate point, and
    the circuit breaker: once the endpoint has failed ``infra_limit`` episodes in a row, the queued
    episodes are cancelled (running ones finish) and the eval says why."""
    episode = Episode.objects.filter(job=child).first()
    if episode is None:
        return
    outcome = {JobState.SUCCEEDED: "verified" if episode.verified else "not verified"}.get(
        child.state, child.state)
    detail = f" ({episode.exit_reason}, {episode.turns} turns)" if episode.exit_reason else ""
    append_event(parent, JobEventKind.LOG, {"text": f"{episode.task_name} {episode.arm} run {episode.run}: {outcome}{detail}",
                                       "episode": episode.pk})
    append_event(parent, JobEventKind.METRIC, {"series": "solve_rate", "x": parent.progress_done,
                                          "values": solve_rates(parent)})
    breaker = eval_breaker(parent, infra_limit)
    if not breaker.tripped or breaker_stop(parent) is not None:
        return
    queued = list(Job.objects.filter(parent=parent, state=JobState.QUEUED).order_by("id"))
    message = breaker.message(len(queued), then=(
        f"Bring it back (an admin checks it under Model endpoints), then launch the eval again; the {len(queued)} "
        "episode(s) not started were cancelled, and the report covers the episodes that finished."))
    append_event(parent, JobEventKind.LOG, {"text": message, BREAKER_EVENT: True})
    for job in queued:
        cancel_job(job=job)


def played_in_folder(eval_run: EvalRun):
    """The episodes with a stored trajectory of every eval run in ``eval_run``'s folder (an eval and the
    retries that took it up), the newest last."""
    return Episode.objects.filter(eval_run__out_dir=eval_run.out_dir, trajectory__isnull=False) \
        .select_related("trajectory").order_by("job_id")


def write_played(*, eval_run: EvalRun, paths: dict[tuple[str, str, int], Path]) -> None:
    """The stored trajectory of each episode played in the eval's folder at its planned path (``paths``
    by task, arm and run; a retry's episode after the earlier one it replays), so harness.eval reads
    what the database holds wherever the episodes were played: a retry plans only what is missing, the
    report covers them all."""
    for episode in played_in_folder(eval_run):
        path = paths.get((episode.task_name, episode.arm, episode.run))
        if path is not None and episode.trajectory is not None:
            write_document(episode.trajectory.document, path)


def take_up_finished(*, eval_run: EvalRun, finished: set[tuple[str, str, int]]) -> None:
    """A retry's eval run lists the trajectories of the episodes an earlier run in its folder finished
    (``finished`` by task, arm and run), as if it had played them."""
    newest = {(e.task_name, e.arm, e.run): e.trajectory for e in played_in_folder(eval_run)}  # as written
    eval_run.trajectories.add(*(trajectory for key, trajectory in newest.items()
                                if key in finished and trajectory is not None))


def store_eval_report(*, eval_run: EvalRun, report: dict) -> None:
    with transaction.atomic():
        EvalRun.objects.filter(pk=eval_run.pk).update(report=report)
