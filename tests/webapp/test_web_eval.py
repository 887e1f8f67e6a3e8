"""The web's paired eval runs through harness.eval, as the command line's does: a dead endpoint ends it
at its preflight, naming the URL, before any episode; the circuit breaker stops it once the endpoint has
failed episodes in a row; its arguments are typed and a bad stored set says which field is wrong."""

from __future__ import annotations

import json
import shutil
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from tests.helpers.jobs import script
from tests.helpers.ports import closed_port
from tests.webapp.conftest import trajectory_document
from webapp.core.paths import data_dir
from webapp.endpoints.models import ModelEndpoint
from webapp.runs.kinds.episodes import EpisodeParams
from webapp.runs.kinds.evals import EvalParams
from webapp.runs.models import Episode, EvalRun, Job, JobState
from webapp.runs.registry import JobFailure, JobParamsError, job_type
from webapp.runs.services import create_job, execute_job
from webapp.runs.services.jobs import child_ended
from webapp.trajectories.services import save_trajectory

pytestmark = pytest.mark.django_db


def eval_params(**extra) -> dict:
    return {"name": "web eval", "policy": "", "script": script(), "arms": ["base", "dbg"], "split": "",
            "tasks": "counter_reset", "runs": 1, "max_turns": 5, "sandbox": "bwrap", "workers": 1, **extra}


@pytest.mark.timeout(120)  # the bound on a hang; the job itself must end at its preflight
def test_a_web_eval_against_a_dead_endpoint_stops_at_its_preflight_naming_the_base_url(catalog_task, make_user,
                                                                                        settings):
    settings.STEPWISE_ENDPOINT_ALLOWED_HOSTS = ["127.0.0.1"]
    url = f"http://127.0.0.1:{closed_port()}/v1"  # nothing listens there
    ModelEndpoint.objects.create(name="gone", base_url=url, model="m")
    job = create_job(kind="eval", created_by=make_user("ann"), enqueue=False,
                     params=eval_params(script="", endpoint="gone"))
    assert job.params["policy"] == "endpoint:gone"

    job = execute_job(job_id=job.pk, worker="here")

    assert job.is_over and job.state == JobState.FAILED
    assert "cannot reach the model endpoint" in job.error and url in job.error, job.error
    assert not Job.objects.filter(parent=job).exists()  # no episode was queued
    assert not EvalRun.objects.exists()  # nor an eval left without episodes


def test_a_web_eval_never_takes_over_a_folder_left_by_an_earlier_eval_of_the_same_id(catalog_task, make_user,
                                                                                     settings):
    """It was: an eval's folder was evals/<its id>, so after the database was reset (or by another site
    on the same data folder) a new eval found the old one's trajectories there, and harness.eval took
    them for its own finished episodes: nothing was played and the report showed the old eval."""
    user = make_user("ann")
    job = create_job(kind="eval", created_by=user, enqueue=False, params=eval_params())
    probe = EvalRun.objects.create(name="probe")  # the id sequence's last value: the eval gets the next one
    next_id = probe.pk + 1
    probe.delete()
    stale = data_dir() / "evals" / str(next_id)
    played = stale / "trajectories" / "counter_reset"
    played.mkdir(parents=True, exist_ok=True)
    for arm in ("base", "dbg"):
        (played / f"{arm}-run1.json").write_text(json.dumps(trajectory_document(f"old-{arm}", arm=arm)),
                                                  encoding="utf-8")
    try:
        job = execute_job(job_id=job.pk, worker="here")
    finally:
        shutil.rmtree(stale, ignore_errors=True)

    eval_run = EvalRun.objects.get(job=job)
    shutil.rmtree(eval_run.out_dir, ignore_errors=True)  # its manifest: nothing of it is read here
    assert Path(eval_run.out_dir) != stale and Path(eval_run.out_dir).parent == stale.parent
    assert job.state == JobState.RUNNING and job.fanned_out, job.error
    assert Job.objects.filter(parent=job, kind="episode").count() == 2  # both episodes are played, none taken


def infra_episode(parent: Job, eval_run: EvalRun, n: int, *, at) -> Job:
    """A child whose episode the endpoint failed (exit reason infra_error), ended at ``at``."""
    child = Job.objects.create(kind="episode", parent=parent, state=JobState.SUCCEEDED, started_at=at,
                               finished_at=at, sent_at=at)
    document = trajectory_document(f"infra-{n}", arm=("base", "dbg")[n % 2], verified=False,
                                   exit_reason="infra_error", steps=[])
    document["result"]["reason"] = "HTTP 502: Bad Gateway"
    trajectory, _ = save_trajectory(document=document)
    Episode.objects.create(job=child, episode_id=f"infra-{n}", task_name="counter_reset", arm=document["arm"],
                           run=n // 2 + 1, eval_run=eval_run, trajectory=trajectory, exit_reason="infra_error",
                           verified=False)
    return child


def test_the_circuit_breaker_cancels_the_queued_episodes_and_the_eval_says_why_after_its_report(
        catalog_task, make_user, tmp_path):
    user = make_user("ann")
    params = EvalParams.of({**eval_params(tasks=["counter_reset"], runs=3), "infra_limit": 2})
    parent = Job.objects.create(kind="eval", created_by=user, state=JobState.RUNNING, params=params.to_json(),
                                fanned_out=True, window=2)
    eval_run = EvalRun.objects.create(name="web eval", job=parent, created_by=user, config=params.to_json(),
                                      out_dir=str(tmp_path / "eval"))
    start = timezone.now()
    first = infra_episode(parent, eval_run, 0, at=start)
    queued = [Job.objects.create(kind="episode", parent=parent, state=JobState.QUEUED) for _ in range(3)]
    child_ended(child=first)
    assert all(Job.objects.get(pk=q.pk).state == JobState.QUEUED for q in queued)  # one failure in a row: on

    second = infra_episode(parent, eval_run, 1, at=start + timedelta(seconds=1))
    child_ended(child=second)

    assert [Job.objects.get(pk=q.pk).state for q in queued] == [JobState.CANCELLED] * 3
    texts = [e.data["text"] for e in parent.events.filter(kind="log").order_by("seq")]
    assert any(t.startswith("stopped: the model endpoint failed 2 episodes in a row") and "HTTP 502" in t
               and "3 episode(s) not started were cancelled" in t for t in texts), texts
    with pytest.raises(JobFailure, match="stopped: the model endpoint failed 2 episodes in a row"):
        job_type("eval").finish(_Work(parent))
    report = EvalRun.objects.get(pk=eval_run.pk).report  # stored before the eval said why it stopped
    assert [e["reason"] for e in report["infra_errors"]] == ["HTTP 502: Bad Gateway"] * 2
    laid_out = Path(eval_run.out_dir) / "trajectories" / "counter_reset" / "dbg-run1.json"
    assert json.loads(laid_out.read_text(encoding="utf-8"))["episode_id"] == "infra-1"  # harness.eval's layout


class _Work:
    def __init__(self, job: Job):
        self.job = job
        self.logged: list[str] = []

    def log(self, text: str) -> None:
        self.logged.append(text)


def test_job_arguments_are_typed_and_a_bad_stored_set_names_the_field(catalog_task, make_user):
    params = EpisodeParams.of({"task": "counter_reset", "arm": "dbg", "max_turns": 3, "sandbox": "bwrap",
                               "policy": "script:/x.json"})
    assert (params.task, params.max_turns, params.run, params.eval_run) == ("counter_reset", 3, 1, None)

    with pytest.raises(JobParamsError) as bad:
        EpisodeParams.of({"task": "counter_reset", "arm": "dbg", "max_turns": "3", "colour": "red"})
    assert bad.value.errors["max_turns"] == ["expected int, got str '3'"]
    assert bad.value.errors["sandbox"] == ["missing; episode jobs need it"]
    assert "not an argument of episode jobs: colour" in bad.value.errors["__all__"][0]

    job = create_job(kind="episode", created_by=None, enqueue=False, checked=True,
                     params=params.to_json())  # stored as typed
    Job.objects.filter(pk=job.pk).update(params={**job.params, "max_turns": "many"})  # an old or hand-made row
    job = execute_job(job_id=job.pk, worker="here")
    assert job.state == JobState.FAILED
    assert "do not fit its kind (max_turns: expected int, got str 'many')" in job.error, job.error
