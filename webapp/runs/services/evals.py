"""Writes for a paired eval launched from the web: its EvalRun, one child episode job per task, arm
and run (handed to Celery ``workers`` at a time, so workers on any host share them), and the final
report, built with harness.eval from the stored trajectories."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from django.db import transaction

from harness.eval.metrics import outcome_from_trajectory
from harness.eval.plots import write_plots
from harness.eval.report import build_report, write_report
from harness.trajectory import write_document
from webapp.catalog.models import Task
from webapp.core.paths import data_dir
from webapp.runs.models import Episode, EvalRun, Job, JobEventKind, JobState
from webapp.runs.registry import JobCancelled
from webapp.runs.services.jobs import append_event, create_job, mark_fanned_out, send_jobs

log = logging.getLogger(__name__)


def eval_folder(eval_run: EvalRun) -> Path:
    return data_dir() / "evals" / f"{eval_run.pk}"


@transaction.atomic
def plan_eval(*, job: Job, tasks: list[str]) -> EvalRun:
    """The EvalRun and its episode jobs; the first ``workers`` are handed to Celery on commit. A cancel
    that came while planning rolls it all back (JobCancelled): no child is left queued with no parent to
    send it, and a cancel after the commit finds the children and cancels them."""
    params = job.params
    eval_run = EvalRun.objects.create(name=params["name"], job=job, created_by=job.created_by,
                                      config={**params, "tasks": tasks})
    out = eval_folder(eval_run)
    eval_run.out_dir = str(out)
    eval_run.save(update_fields=["out_dir"])
    out.mkdir(parents=True, exist_ok=True)
    (out / "eval.json").write_text(json.dumps({
        "policy": params["policy"] or "script", "max_turns": params["max_turns"], "sandbox": params["sandbox"],
        "arms": params["arms"], "runs": params["runs"], "split": params["split"] or None, "tasks": tasks,
        "job": job.pk}, indent=1), encoding="utf-8")
    children = []
    for run in range(1, params["runs"] + 1):
        for task in tasks:
            for arm in params["arms"]:
                path = out / "trajectories" / task / f"{arm}-run{run}.json"
                children.append(create_job(
                    kind="episode", parent=job, created_by=job.created_by, enqueue=False, checked=True,
                    params={"task": task, "arm": arm, "run": run, "policy": params["policy"],
                            "script": params["script"], "max_turns": params["max_turns"],
                            "sandbox": params["sandbox"], "eval_run": eval_run.pk, "out": str(path)}))
    window = params.get("workers") or None
    locked = mark_fanned_out(job=job, total=len(children), window=window)  # holds the job's row from here
    if locked.cancel_requested_at is not None:  # cancelled while planning: plan nothing (rolled back)
        raise JobCancelled()
    send_jobs(jobs=children[:window] if window else children)
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


def record_episode_end(*, parent: Job, child: Job) -> None:
    """An eval's child ended (the caller holds the parent's row): a log line and a solve-rate point."""
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


def build_eval_report(*, eval_run: EvalRun) -> dict:
    """The report of the finished episodes (harness.eval), written to the eval's folder as well."""
    params = eval_run.config
    preferences = dict(Task.objects.filter(name__in=params["tasks"]).values_list("name", "preference_in_force"))
    outcomes, out = [], Path(eval_run.out_dir or eval_folder(eval_run))
    episodes = Episode.objects.filter(eval_run=eval_run, trajectory__isnull=False).select_related("trajectory")
    for episode in episodes.order_by("run", "task_name", "arm"):
        stored = episode.trajectory
        write_document(stored.document, out / "trajectories" / episode.task_name / f"{episode.arm}-run{episode.run}.json")
        outcomes.append(outcome_from_trajectory(stored.record, run=episode.run,
                                                preference=preferences.get(episode.task_name) or None))
    if not outcomes:
        return {}
    first = episodes.first().trajectory.record
    report = build_report(outcomes, model=eval_run.name, policy=first.policy, split=params.get("split") or None,
                          runs=params["runs"], max_turns=params["max_turns"], sandbox=params["sandbox"])
    try:
        plots = write_plots([report], out)
        write_report(report, out, [str(p) for p in plots])
    except OSError as exc:  # the report is stored either way; the folder is a convenience
        log.warning("eval %s: could not write the report files to %s: %s", eval_run.pk, out, exc)
    with transaction.atomic():
        EvalRun.objects.filter(pk=eval_run.pk).update(report=report)
    return report
