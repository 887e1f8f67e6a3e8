"""A job that plans its episodes from a split is held to the per-job quota at launch and again before it
plans; a cancel that comes while it plans leaves no child queued."""

from __future__ import annotations

import pytest
from django.utils import timezone

from webapp.catalog.models import Task
from webapp.runs.kinds.episodes import EpisodeParams
from webapp.runs.models import EvalRun, Job, JobState
from webapp.runs.registry import JobCancelled
from webapp.runs.services import create_job, execute_job
from webapp.runs.services.admission import QuotaExceeded
from webapp.runs.services.evals import start_eval

pytestmark = pytest.mark.django_db


def split_tasks(count: int, split: str = "validation") -> list[str]:
    names = [f"planned_{i:03}" for i in range(count)]
    Task.objects.bulk_create([Task(name=name, category="state", description="d", preference="optional", split=split,
                                   files={}) for name in names])
    return names


def eval_params(**extra) -> dict:
    return {"name": "split eval", "script": '{"tool_calls": []}', "policy": "", "arms": ["base", "dbg"], "tasks": [],
            "split": "validation", "runs": 3, "max_turns": 5, "sandbox": "bwrap", "workers": 2, **extra}


def test_a_split_eval_past_the_episodes_per_job_quota_is_refused_at_launch(make_user, settings):
    """It was: a split of 820 tasks planned 4,920 episodes past the 2,000-per-job quota (the quota
    counted the tasks typed, none for a split)."""
    settings.STEPWISE_QUOTAS = {"episodes_per_job": 20}
    split_tasks(4)  # 4 tasks x 2 arms x 3 runs = 24

    with pytest.raises(QuotaExceeded) as refused:
        create_job(kind="eval", params=eval_params(), created_by=make_user("res"), checked=True)

    assert "is 24; your limit is 20" in " ".join(refused.value.errors["runs"])
    assert not Job.objects.exists()
    admin = make_user("root", is_staff=True, is_superuser=True)
    assert create_job(kind="eval", params=eval_params(), created_by=admin, checked=True, enqueue=False)


def test_a_split_that_grew_past_the_quota_since_launch_is_refused_before_planning(make_user, settings):
    settings.STEPWISE_QUOTAS = {"episodes_per_job": 20}
    split_tasks(3)  # 18 at launch
    job = create_job(kind="eval", params=eval_params(), created_by=make_user("res"), checked=True, enqueue=False)
    Task.objects.create(name="planned_late", category="state", description="d", preference="optional",
                        split="validation", files={})  # 4 x 2 x 3 = 24 now

    job = execute_job(job_id=job.pk, worker="here")

    assert job.state == JobState.FAILED and "would plan 24 episodes; your limit is 20" in job.error, job.error
    assert not Job.objects.filter(parent=job).exists() and not EvalRun.objects.exists()


def test_a_cancel_that_came_while_planning_leaves_no_child_queued(make_user):
    """It was: cancelling an eval while it planned still ran the first children and left the rest
    queued forever."""
    names = split_tasks(5)
    job = create_job(kind="eval", params=eval_params(), created_by=make_user("res"), checked=True, enqueue=False)
    Job.objects.filter(pk=job.pk).update(state=JobState.RUNNING, cancel_requested_at=timezone.now())

    def plan(eval_run: EvalRun) -> list[dict]:
        return [EpisodeParams(task=name, arm="dbg", max_turns=5, sandbox="bwrap", script='{"tool_calls": []}',
                              eval_run=eval_run.pk).to_json() for name in names]

    with pytest.raises(JobCancelled):
        start_eval(job=Job.objects.get(pk=job.pk), name="split eval", config=eval_params(), plan=plan, window=2)

    assert not Job.objects.filter(parent=job).exists() and not EvalRun.objects.exists()
