"""Issue 22: an import job from the web is all-or-nothing, and a task folder from a root outside the
corpus cannot replace a catalog task's tests, description or split."""

from __future__ import annotations

import json

import pytest

from tests.helpers.tasks import RESET_COUNTER, write_task
from webapp.catalog.models import Task
from webapp.runs.models import JobEvent, JobState
from webapp.runs.services import create_job, execute_job

pytestmark = pytest.mark.django_db


def run_import(root):
    job = create_job(kind="import_corpus", params={"root": str(root)}, enqueue=False)
    return execute_job(job_id=job.id, worker="here")


def logs(job):
    return [e.data["text"] for e in JobEvent.objects.filter(job=job, kind="log").order_by("seq")]


def test_a_folder_named_like_a_catalog_task_from_another_root_cannot_replace_its_tests(corpus_root, tmp_path,
                                                                                        settings):
    settings.STEPWISE_TASKS_DIR = corpus_root
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    (corpus_root.parent / "splits.json").write_text(json.dumps({"version": 1, "assignments": {"counter_reset": "train"}}))
    assert run_import(corpus_root).state == JobState.SUCCEEDED
    before = Task.objects.values("files", "description", "split").get(name="counter_reset")

    workspace = tmp_path / "workspace" / "tasks"
    folder = write_task(workspace, "counter_reset", shape=RESET_COUNTER, description="nothing to see")
    (folder / "tests" / "test_counter.py").write_text("def test_ok():\n    assert True\n")
    write_task(workspace, "fresh_task", shape=RESET_COUNTER)
    (workspace.parent / "splits.json").write_text(json.dumps({"version": 1, "assignments": {"counter_reset": "validation"}}))

    job = run_import(workspace)

    assert job.state == JobState.FAILED
    assert "'counter_reset' is already in the catalog" in job.error and "nothing was imported" in job.error
    assert "1 created" in job.error  # what it would have done
    assert any("would have created: fresh_task" in line for line in logs(job))
    assert Task.objects.values("files", "description", "split").get(name="counter_reset") == before
    assert not Task.objects.filter(name="fresh_task").exists()


def test_a_failed_import_changes_nothing(corpus_root, settings):
    settings.STEPWISE_TASKS_DIR = corpus_root
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    assert run_import(corpus_root).state == JobState.SUCCEEDED
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER, description="a new description")
    write_task(corpus_root, "cache_stale", shape=RESET_COUNTER)
    (corpus_root / "broken").mkdir()
    (corpus_root / "broken" / "meta.json").write_text("{not json")

    job = run_import(corpus_root)

    assert job.state == JobState.FAILED
    assert "broken" in job.error and "1 created, 1 updated" in job.error
    assert Task.objects.get(name="counter_reset").description == "a counter forgets its reset"
    assert not Task.objects.filter(name="cache_stale").exists()

    (corpus_root / "broken" / "meta.json").unlink()
    (corpus_root / "broken").rmdir()
    job = run_import(corpus_root)
    assert job.state == JobState.SUCCEEDED, job.error
    assert Task.objects.get(name="counter_reset").description == "a new description"
    assert (job.result["created"], job.result["updated"]) == (["cache_stale"], ["counter_reset"])
