"""The paired eval, run through harness.eval as the command line runs it: ``plan_eval`` finds the
episodes and lays out their paths, ``preflight_and_record`` checks the policy's endpoint (a dead one
ends the job at once, naming its URL) and writes the manifest, ``InfraBreaker`` stops the eval when
the endpoint fails several episodes in a row, and ``report_eval`` scores and reports the trajectories.
What the web adds: each planned episode is an episode job of its own (``webapp.runs.kinds.episodes``),
so Celery workers on any host share them and each can be watched live."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from corpus.format import Task as CorpusTask
from harness.arms import ARMS
from harness.eval.breaker import DEFAULT_LIMIT
from harness.eval.config import EvalConfig
from harness.eval.plan import EvalPlan, PlannedEpisode, manifest_tasks, plan, plan_eval, preflight_and_record
from harness.eval.reporting import report_eval
from harness.policies import PolicyError
from harness.policies.endpoint import EndpointError
from harness.sandbox.backends import DEFAULT_BACKEND
from webapp.catalog.models import Task
from webapp.runs.forms.episodes import EvalForm
from webapp.runs.kinds.episodes import EpisodeParams, catalog_task
from webapp.runs.kinds.policies import job_policy
from webapp.runs.models import EvalRun, Job
from webapp.runs.params import JobParams
from webapp.runs.registry import FAN_OUT, JobFailure, JobParamsError, JobType, Queue, register
from webapp.runs.selectors import child_failures, retried_eval_run
from webapp.runs.services.admission import episode_quota_problem
from webapp.runs.services.evals import (
    breaker_stop,
    played_in_folder,
    record_episode_end,
    start_eval,
    store_eval_report,
    take_up_finished,
    write_played,
)


@dataclass(frozen=True)
class EvalParams(JobParams):
    kind: ClassVar[str] = "eval"
    name: str  # the report's title
    policy: str = ""  # a spec; "" with a script
    script: str = ""
    arms: list[str] = field(default_factory=lambda: list(ARMS))
    split: str = ""  # a split of the catalog, or "" with task names
    tasks: list[str] = field(default_factory=list)
    runs: int = 3
    max_turns: int = 50
    sandbox: str = DEFAULT_BACKEND
    workers: int = 4  # episodes of this eval running at once
    infra_limit: int = DEFAULT_LIMIT  # the circuit breaker: infra errors in a row that stop the eval


def catalog_tasks(names: list[str]) -> list[CorpusTask]:
    """The tasks as the harness loads them, each with the preference label in force in the catalog."""
    out = []
    for name in names:
        stored, task = catalog_task(name)
        out.append(dataclasses.replace(task, preference=stored.preference_in_force or task.preference))
    return out


def eval_config(params: EvalParams, *, tasks: list[CorpusTask], out: Path, job_id: int) -> EvalConfig:
    """harness.eval's configuration of a web eval; the policy is the web's (a registered endpoint or a
    pasted script), made by ``job_policy``."""
    return EvalConfig(policy=params.policy or "script", tasks=tasks, out=out, arms=params.arms, runs=params.runs,
                      max_turns=params.max_turns, workers=params.workers, sandbox=params.sandbox,
                      split=params.split or None, model=params.name, progress=False,
                      max_consecutive_infra_errors=params.infra_limit,
                      policy_factory=lambda: job_policy(params.policy, params.script, job_id))


def episode_params(params: EvalParams, eval_plan: EvalPlan, *, out: Path, eval_run: int) -> list[dict]:
    """One episode job's arguments per planned episode, its document at the planned path."""
    return [EpisodeParams(task=e.task.name, arm=e.arm, run=e.run, policy=params.policy, script=params.script,
                          max_turns=params.max_turns, sandbox=params.sandbox, eval_run=eval_run,
                          out=str(e.path(out))).to_json() for e in eval_plan.todo]


def episode_keys(episodes: list[PlannedEpisode]) -> set[tuple[str, str, int]]:
    return {(e.task.name, e.arm, e.run) for e in episodes}


def planned_paths(config: EvalConfig) -> dict[tuple[str, str, int], Path]:
    """Where each episode of the eval lies in its folder, by task, arm and run (harness.eval's layout)."""
    return {(e.task.name, e.arm, e.run): e.path(Path(config.out)) for e in plan(config.tasks, config.arms, config.runs)}


def preflight(config: EvalConfig, eval_plan: EvalPlan) -> None:
    """harness.eval's preflight and manifest; JobFailure says what the endpoint answered."""
    policy = config.make_policy()
    try:
        preflight_and_record(config, eval_plan, policy)
    except (EndpointError, PolicyError, ValueError) as exc:
        raise JobFailure(f"the eval did not start: {exc}") from None
    finally:
        policy.close()


@register
class EvalJob(JobType):
    kind = "eval"
    label = "Paired eval"
    description = "every task in both arms, several runs, one episode job each; a report at the end"
    queue = Queue.DEFAULT
    unit = "episodes"
    form_class = EvalForm
    params_class = EvalParams

    def task_count(self, params: dict) -> int:
        args = EvalParams.of(params)
        if args.tasks or not args.split:
            return len(args.tasks)
        return Task.objects.filter(split=args.split).count()

    def run(self, work):
        params = EvalParams.of(work.params)
        names = params.tasks or list(Task.objects.filter(split=params.split).order_by("name")
                                     .values_list("name", flat=True))
        if not names:
            raise JobFailure(f"no task of the catalog is in the {params.split} split any more")
        problem = episode_quota_problem(user=work.job.created_by, episodes=len(names) * len(params.arms) * params.runs)
        if problem:  # checked at launch; the split may have grown since
            raise JobFailure(problem)
        params = params.replace(tasks=names)
        tasks = catalog_tasks(names)
        retried = retried_eval_run(work.job)  # a retry plays only what that eval did not finish
        skipped = 0

        def plan_children(eval_run: EvalRun) -> list[dict]:
            nonlocal skipped
            out = Path(eval_run.out_dir)
            config = eval_config(params, tasks=tasks, out=out, job_id=work.job.pk)
            write_played(eval_run=eval_run, paths=planned_paths(config))
            try:
                eval_plan = plan_eval(config)
            except ValueError as exc:
                raise JobFailure(f"the eval cannot be planned: {exc}") from None
            preflight(config, eval_plan)
            take_up_finished(eval_run=eval_run, finished=episode_keys(eval_plan.episodes) - episode_keys(eval_plan.todo))
            skipped = eval_plan.skipped
            return episode_params(params, eval_plan, out=out, eval_run=eval_run.pk)

        eval_run = start_eval(job=work.job, name=params.name, config=params.to_json(), plan=plan_children,
                              window=params.workers,
                              folder=Path(retried.out_dir) if retried is not None else None)
        work.log(f"planned {len(names)} task(s) × {len(params.arms)} arm(s) × {params.runs} run(s) "
                 f"as episode jobs, {params.workers} at a time (eval run {eval_run.pk}, in {eval_run.out_dir})"
                 + (f"; {skipped} episode(s) the retried eval finished are not played again" if skipped else ""))
        if not Job.objects.filter(parent=work.job).exists():
            return self.finish(work)  # nothing left to play: the report at once
        return FAN_OUT

    def child_over(self, job, child) -> None:
        try:
            limit = EvalParams.of(job.params).infra_limit
        except JobParamsError:  # a child's end is recorded whatever its parent's row holds
            limit = DEFAULT_LIMIT
        record_episode_end(parent=job, child=child, infra_limit=limit)

    def finish(self, work) -> dict:
        job: Job = work.job
        eval_run = EvalRun.objects.filter(job=job).first()
        if eval_run is None:
            raise JobFailure("the eval run of this job is gone")
        first = played_in_folder(eval_run).first()  # its own episodes, or those of the eval it retried
        if first is None or first.trajectory is None:
            why = child_failures(job=job)
            raise JobFailure("no episode of this eval finished, so there is no report"
                             + (f"; the episodes say: {'; '.join(why)}" if why else "; see the episodes' errors"))
        params = EvalParams.of(eval_run.config)
        out = Path(eval_run.out_dir)
        try:  # the tasks as the eval's manifest recorded them: the catalog may have changed since
            tasks = manifest_tasks(out)
        except ValueError:  # a manifest written before it named the task folders: the catalog's
            tasks = catalog_tasks(params.tasks)
        config = eval_config(params, tasks=tasks, out=out, job_id=job.pk)
        eval_plan = plan_eval(config)
        write_played(eval_run=eval_run, paths=planned_paths(config))
        reported = report_eval(config, eval_plan.episodes, eval_plan.scoring_config, first.trajectory.record.policy)
        store_eval_report(eval_run=eval_run, report=reported.report)
        overall = reported.report["overall"]["arms"]
        work.log("report: " + ", ".join(f"{arm} pass@1 {values.get('pass_at_1')}" for arm, values in overall.items()))
        stopped = breaker_stop(job)
        if stopped:  # the report of what finished is stored; the eval says why it stopped
            raise JobFailure(stopped)
        return {"eval_run": eval_run.pk, "pass_at_1": {arm: v.get("pass_at_1") for arm, v in overall.items()}}

    def describe(self, params: EvalParams) -> str:
        what = params.split or f"{len(params.tasks)} task(s)"
        return f"{params.name} · {what} · {'+'.join(params.arms)} × {params.runs}"
