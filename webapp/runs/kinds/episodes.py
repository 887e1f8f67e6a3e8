"""Episodes and paired evals. An episode job plays one episode in a sandbox on an episode worker,
storing each event as it happens; an eval job plans one episode job per task, arm and run, and its
final step builds the report."""

from __future__ import annotations

import uuid
from pathlib import Path

from harness.episode import play_and_score
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import SandboxError
from harness.sandbox.stoppable import StoppableSource
from harness.scoring import episode_scorer
from webapp.catalog.models import Task
from webapp.catalog.selectors import task_version_number
from webapp.catalog.task_folders import corpus_task
from webapp.core.ownership import check_output
from webapp.core.paths import PathNotAllowed, data_dir
from webapp.runs.forms.episodes import EpisodeForm, EvalForm
from webapp.runs.kinds.policies import job_path, job_policy, policy_label
from webapp.runs.models import Episode, EvalRun
from webapp.runs.registry import FAN_OUT, JobFailure, JobType, Queue, register
from webapp.runs.selectors import child_failures
from webapp.runs.services.admission import episode_quota_problem
from webapp.runs.services.episodes import keep_trajectory, record_episode_event
from webapp.runs.services.evals import build_eval_report, plan_eval, record_episode_end


def new_episode_id(task: str, arm: str) -> str:
    return f"{task}-{arm}-{uuid.uuid4().hex[:12]}"


def catalog_task(name: str):
    task = Task.objects.filter(name=name).first()
    if task is None:
        raise JobFailure(f"the task {name!r} is no longer in the catalog; import the corpus again")
    try:
        return task, corpus_task(task)
    except (OSError, ValueError) as exc:
        raise JobFailure(f"the stored task {name!r} cannot be written out as a task folder: {exc}") from None


def sandbox_source(name: str) -> StoppableSource:
    try:
        return StoppableSource(get_backend(name))
    except SandboxError as exc:
        raise JobFailure(f"the {name} sandbox cannot be used on this worker: {exc}") from None


@register
class EpisodeJob(JobType):
    kind = "episode"
    label = "Episode"
    plays_episode = True
    description = "one task, one arm, one policy, in a fresh sandbox; watch it live"
    queue = Queue.EPISODES
    unit = "turns"
    form_class = EpisodeForm

    def prepare(self, job) -> None:
        params = job.params
        Episode.objects.create(job=job, episode_id=new_episode_id(params["task"], params["arm"]),
                               task_name=params["task"], arm=params["arm"], run=params.get("run") or 1,
                               policy=policy_label(params), eval_run_id=params.get("eval_run"))

    def policy_for(self, work, episode):
        """Who plays: the job's policy (a sessions' person in ``webapp.runs.kinds.sessions``)."""
        return job_policy(work.params, work.job.pk)

    def run(self, work):
        params, job = work.params, work.job
        episode = Episode.objects.select_related("eval_run").get(job=job)
        stored, task = catalog_task(params["task"])
        policy = self.policy_for(work, episode)
        source = sandbox_source(params["sandbox"])
        work.on_cancel(source.stop)
        out = Path(job_path(params.get("out"), "output file")
                   or data_dir() / "episodes" / f"{episode.episode_id}.json")
        try:  # a file inside another user's output folder is theirs
            check_output(out, user=job.created_by, what="output file")
        except PathNotAllowed as exc:
            raise JobFailure(str(exc)) from None
        max_turns = params["max_turns"]
        work.progress(0, max_turns, "starting the sandbox", unit=self.unit)

        def on_event(event: dict) -> None:
            record_episode_event(episode=episode, event=event)
            if event.get("event") == "step":
                step = event["step"]
                work.progress(step["turn"], max_turns, f"turn {step['turn']}: {step['tool']}", check=False)

        try:
            played = play_and_score(task, policy, scorer=episode_scorer(task), arm=params["arm"], backend=source,
                                    max_turns=max_turns, out=out, split=stored.split or None, on_event=on_event,
                                    episode_id=episode.episode_id,
                                    header_extra={"run": params.get("run") or 1, "job": job.pk,
                                                  "task_version": task_version_number(task=stored)})
        finally:
            policy.close()
            source.close()
        trajectory = keep_trajectory(episode=episode, trajectory=played, path=str(out))
        work.check_cancelled()
        result, turns = played.result, len(played.steps)
        work.progress(turns, turns, f"{result.exit_reason}: {'verified' if result.verified else 'not verified'}")
        return {"episode_id": episode.episode_id, "trajectory": trajectory.pk, "verified": result.verified,
                "exit_reason": str(result.exit_reason), "turns": turns}

    def summary(self, params: dict) -> str:
        return f"{params.get('task')} · {params.get('arm')} · {policy_label(params)}"


@register
class EvalJob(JobType):
    kind = "eval"
    label = "Paired eval"
    description = "every task in both arms, several runs, one episode job each; a report at the end"
    queue = Queue.DEFAULT
    unit = "episodes"
    form_class = EvalForm

    def task_count(self, params: dict) -> int:
        if params.get("tasks") or not params.get("split"):
            return len(params.get("tasks") or [])
        return Task.objects.filter(split=params["split"]).count()

    def run(self, work):
        params = work.params
        names = params["tasks"] or list(Task.objects.filter(split=params["split"]).order_by("name")
                                        .values_list("name", flat=True))
        if not names:
            raise JobFailure(f"no task of the catalog is in the {params['split']} split any more")
        problem = episode_quota_problem(user=work.job.created_by,
                                        episodes=len(names) * len(params["arms"]) * params["runs"])
        if problem:  # checked at launch; the split may have grown since
            raise JobFailure(problem)
        eval_run = plan_eval(job=work.job, tasks=names)
        work.log(f"planned {len(names)} task(s) × {len(params['arms'])} arm(s) × {params['runs']} run(s) "
                 f"as episode jobs, {params['workers']} at a time (eval run {eval_run.pk})")
        return FAN_OUT

    def child_over(self, job, child) -> None:
        record_episode_end(parent=job, child=child)

    def finish(self, work) -> dict:
        eval_run = EvalRun.objects.filter(job=work.job).first()
        if eval_run is None:
            raise JobFailure("the eval run of this job is gone")
        report = build_eval_report(eval_run=eval_run)
        if not report:
            why = child_failures(job=work.job)
            raise JobFailure("no episode of this eval finished, so there is no report"
                             + (f"; the episodes say: {'; '.join(why)}" if why else "; see the episodes' errors"))
        overall = report["overall"]["arms"]
        work.log("report: " + ", ".join(f"{arm} pass@1 {values.get('pass_at_1')}" for arm, values in overall.items()))
        return {"eval_run": eval_run.pk, "pass_at_1": {arm: v.get("pass_at_1") for arm, v in overall.items()}}

    def summary(self, params: dict) -> str:
        what = params.get("split") or f"{len(params.get('tasks') or [])} task(s)"
        return f"{params.get('name')} · {what} · {'+'.join(params.get('arms') or [])} × {params.get('runs')}"
