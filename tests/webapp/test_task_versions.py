"""Issue 22: a re-imported task whose content changed becomes a new recorded version (who, when, what
changed), shown on its page; the previous version is kept; a failed import records none."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.helpers.tasks import RESET_COUNTER, write_task
from webapp.catalog.models import Task, TaskVersion
from webapp.catalog.services import import_corpus
from webapp.runs.models import JobState
from webapp.runs.services import create_job, execute_job

pytestmark = pytest.mark.django_db


def splits(root, **assignments):
    (root.parent / "splits.json").write_text(json.dumps({"version": 1, "assignments": assignments}))


def test_a_changed_reimport_is_a_new_version_and_the_old_one_is_kept(corpus_root, settings, admin_client, make_user):
    settings.STEPWISE_TASKS_DIR = corpus_root
    folder = write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    splits(corpus_root, counter_reset="train")
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")
    first_tests = Task.objects.get(name="counter_reset").files["tests"]

    (folder / "tests" / "test_counter.py").write_text("def test_ok():\n    assert True\n")
    (folder / "tests" / "test_more.py").write_text("def test_more():\n    assert 1\n")
    meta = json.loads((folder / "meta.json").read_text())
    (folder / "meta.json").write_text(json.dumps({**meta, "description": "now clearer"}))
    splits(corpus_root, counter_reset="validation")
    researcher = make_user("rita", role="researcher")
    job = create_job(kind="import_corpus", params={"root": str(corpus_root)}, created_by=researcher, enqueue=False)
    job = execute_job(job_id=job.id, worker="here")
    assert job.state == JobState.SUCCEEDED, job.error

    v2, v1 = TaskVersion.objects.filter(task__name="counter_reset").order_by("-number")
    assert (v1.number, v2.number) == (1, 2)
    assert v1.files["tests"] == first_tests and v1.split == "train" and v1.created_by is None
    assert v2.created_by == researcher and v2.split == "validation" and v2.description == "now clearer"
    assert v2.changes["files"] == {"added": ["tests/test_more.py"], "removed": [],
                                   "changed": ["tests/test_counter.py"]}
    assert v2.changes["split"] == ["train", "validation"] and v2.changes["description"] is True

    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")  # unchanged: no version
    assert TaskVersion.objects.filter(task__name="counter_reset").count() == 2

    page = admin_client.get(reverse("task_detail", args=["counter_reset"])).content.decode()
    assert "v2" in page and "by <b>rita</b>" in page and "changed tests/test_counter.py" in page
    assert "split train → validation" in page and "first version" in page


def test_a_failed_import_records_no_version(corpus_root, settings):
    settings.STEPWISE_TASKS_DIR = corpus_root
    folder = write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")
    (folder / "tests" / "test_counter.py").write_text("def test_ok():\n    assert True\n")
    (corpus_root / "broken").mkdir()
    (corpus_root / "broken" / "meta.json").write_text("[]")

    job = execute_job(job_id=create_job(kind="import_corpus", params={}, enqueue=False).id, worker="here")

    assert job.state == JobState.FAILED and "1 updated" in job.error
    assert list(TaskVersion.objects.values_list("number", flat=True)) == [1]
    assert "assert True" not in json.dumps(Task.objects.get(name="counter_reset").files)
