"""A fan-out job with nothing to report says why in its own error: the reasons its children stopped,
most common first, instead of sending the user through every episode's page."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.webapp.conftest import trajectory_document
from webapp.runs.models import Episode, EvalRun, Job, JobState
from webapp.runs.registry import JobFailure, job_type
from webapp.runs.selectors import child_failures
from webapp.trajectories.services import save_trajectory


def stopped_episode(parent: Job, n: int, reason: str) -> Job:
    child = Job.objects.create(kind="episode", parent=parent, state=JobState.SUCCEEDED)
    document = trajectory_document(f"ep-{n}", verified=False, exit_reason="error", steps=[])
    document["result"]["reason"] = reason
    trajectory, _ = save_trajectory(document=document)
    Episode.objects.create(job=child, episode_id=f"ep-{n}", task_name="counter_reset", arm="dbg",
                           trajectory=trajectory, exit_reason="error", verified=False)
    return child


@pytest.mark.django_db
def test_an_eval_without_a_finished_episode_names_its_episodes_reasons(make_user, tmp_path):
    user = make_user("ann")
    parent = Job.objects.create(kind="eval", created_by=user, state=JobState.RUNNING)
    EvalRun.objects.create(name="broken", job=parent, created_by=user, config={"tasks": ["counter_reset"]},
                           out_dir=str(tmp_path))
    for n in range(3):
        stopped_episode(parent, n, "script: /data/calls.json: no such file")
    Job.objects.create(kind="episode", parent=parent, state=JobState.FAILED,
                       error="the sandbox did not start: bwrap: permission denied\nTraceback ...")
    Job.objects.create(kind="episode", parent=parent, state=JobState.SUCCEEDED)  # nothing to say
    Job.objects.create(kind="episode", state=JobState.FAILED, error="another job's child")  # not a child

    assert child_failures(job=parent) == ["error: script: /data/calls.json: no such file (×3)",
                                          "the sandbox did not start: bwrap: permission denied"]

    with pytest.raises(JobFailure) as failure:
        job_type("eval").finish(SimpleNamespace(job=parent, log=lambda text: None))
    message = str(failure.value)
    assert message.startswith("no episode of this eval finished, so there is no report; the episodes say: ")
    assert "no such file (×3)" in message and "permission denied" in message and "Traceback" not in message
