"""Episodes: an episode job plays one episode in a sandbox on an episode worker, storing each event as
it happens (a paired eval, ``webapp.runs.kinds.evals``, plans one per task, arm and run)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

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
from webapp.runs.forms.episodes import EpisodeForm
from webapp.runs.kinds.policies import job_path, job_policy, policy_label
from webapp.runs.models import Episode
from webapp.runs.params import JobParams
from webapp.runs.registry import JobFailure, JobType, Queue, register
from webapp.runs.services.episodes import keep_trajectory, record_episode_event


@dataclass(frozen=True)
class EpisodeParams(JobParams):
    """An episode's arguments (a live session's too: its policy is "human")."""

    kind: ClassVar[str] = "episode"
    task: str
    arm: str
    max_turns: int
    sandbox: str
    policy: str = ""  # a spec; "" with a script
    script: str = ""  # a scripted policy's calls (JSON), pasted at launch
    run: int = 1  # which attempt of a paired eval
    eval_run: int | None = None  # the paired eval it belongs to
    out: str = ""  # where the document goes ("" : the data folder's episodes/)


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
    params_class = EpisodeParams

    def prepare(self, job) -> None:
        params = EpisodeParams.of(job.params)
        Episode.objects.create(job=job, episode_id=new_episode_id(params.task, params.arm),
                               task_name=params.task, arm=params.arm, run=params.run,
                               policy=policy_label(params.policy), eval_run_id=params.eval_run)

    def policy_for(self, work, episode, params: EpisodeParams):
        """Who plays: the job's policy (a sessions' person in ``webapp.runs.kinds.sessions``)."""
        return job_policy(params.policy, params.script, work.job.pk)

    def run(self, work):
        params, job = EpisodeParams.of(work.params), work.job
        episode = Episode.objects.select_related("eval_run").get(job=job)
        stored, task = catalog_task(params.task)
        policy = self.policy_for(work, episode, params)
        source = sandbox_source(params.sandbox)
        work.on_cancel(source.stop)
        out = Path(job_path(params.out, "output file")
                   or data_dir() / "episodes" / f"{episode.episode_id}.json")
        try:  # a file inside another user's output folder is theirs
            check_output(out, user=job.created_by, what="output file")
        except PathNotAllowed as exc:
            raise JobFailure(str(exc)) from None
        max_turns = params.max_turns
        work.progress(0, max_turns, "starting the sandbox", unit=self.unit)

        def on_event(event: dict) -> None:
            record_episode_event(episode=episode, event=event)
            if event.get("event") == "step":
                step = event["step"]
                work.progress(step["turn"], max_turns, f"turn {step['turn']}: {step['tool']}", check=False)

        try:
            played = play_and_score(task, policy, scorer=episode_scorer(task), arm=params.arm, backend=source,
                                    max_turns=max_turns, out=out, split=stored.split or None, on_event=on_event,
                                    episode_id=episode.episode_id,
                                    header_extra={"run": params.run, "job": job.pk,
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

    def describe(self, params: EpisodeParams) -> str:
        return f"{params.task} · {params.arm} · {policy_label(params.policy)}"
