"""Issue 22: every path a web job takes is confined to the data roots, at launch and again when the job
runs; a refusal names the roots and never what lies outside them."""

from __future__ import annotations

import os

import pytest

from tests.helpers.tasks import RESET_COUNTER, write_task
from webapp.catalog.models import Task
from webapp.runs.models import Job, JobState
from webapp.runs.registry import JobParamsError
from webapp.runs.services import create_job, execute_job

pytestmark = pytest.mark.django_db


@pytest.fixture()
def data_root(tmp_path, settings):
    root = tmp_path / "data"
    root.mkdir()
    settings.STEPWISE_DATA_ROOTS = [root]
    settings.STEPWISE_TASKS_DIR = root / "corpus" / "tasks"
    return root.resolve()


def etc_names() -> set[str]:
    return {name for name in os.listdir("/etc") if len(name) > 5}


def test_import_root_outside_the_data_roots_is_refused_at_launch_without_listing_it(data_root):
    with pytest.raises(JobParamsError) as refused:
        create_job(kind="import_corpus", params={"root": "../../../../../../etc"})
    message = " ".join(refused.value.errors["root"])
    assert str(data_root) in message and "not under a data root" in message
    assert not any(name in message for name in etc_names())
    assert not Job.objects.exists()


def test_a_stored_import_job_outside_the_roots_is_refused_again_where_it_runs(data_root, tmp_path):
    outside = tmp_path / "workspace" / "tasks"
    write_task(outside, "counter_reset", shape=RESET_COUNTER)
    job = create_job(kind="import_corpus", params={"root": ""}, enqueue=False)
    Job.objects.filter(pk=job.pk).update(params={"root": str(outside), "splits": ""})

    job = execute_job(job_id=job.id, worker="here")

    assert job.state == JobState.FAILED
    assert "not under a data root" in job.error and str(data_root) in job.error
    assert "counter_reset" not in job.error
    assert not Task.objects.exists()


def test_import_from_a_sandbox_workspace_inside_the_roots_is_refused(data_root):
    workspace = data_root / "stepwise-pool-1-ab" / "ws" / "tasks"
    write_task(workspace, "counter_reset", shape=RESET_COUNTER)
    with pytest.raises(JobParamsError) as refused:
        create_job(kind="import_corpus", params={"root": str(workspace)})
    assert "sandbox workspace" in " ".join(refused.value.errors["root"])


def test_import_under_a_root_with_a_relative_path_runs(data_root):
    write_task(data_root / "more" / "tasks", "counter_reset", shape=RESET_COUNTER)
    job = create_job(kind="import_corpus", params={"root": "more/tasks"}, enqueue=False)
    assert job.params["root"] == str(data_root / "more" / "tasks")

    job = execute_job(job_id=job.id, worker="here")

    assert job.state == JobState.SUCCEEDED, job.error
    assert job.result["created"] == ["counter_reset"]


@pytest.mark.parametrize("spec", ["script:/etc/passwd", "replay:../../../../../etc/hostname"])
def test_a_script_or_replay_policy_file_outside_the_roots_is_refused(data_root, spec):
    Task.objects.create(name="counter_reset", category="state", preference="recommended",
                        preference_in_force="recommended", description="d", files={})
    with pytest.raises(JobParamsError) as refused:
        create_job(kind="episode", params={"task": "counter_reset", "policy": spec, "arm": "dbg",
                                           "max_turns": 3, "sandbox": "bwrap"})
    assert "not under a data root" in " ".join(refused.value.errors["policy"])


def test_an_output_folder_outside_the_roots_is_refused(data_root):
    with pytest.raises(JobParamsError) as refused:
        create_job(kind="export_sft", params={"sources": [str(data_root / "rollouts")], "out": "/etc/stepwise",
                                              "validation_fraction": 0.0, "seed": 0})
    assert "not under a data root" in " ".join(refused.value.errors["out"])
