"""Jobs: state, progress and a human-readable error, run by a real Celery worker."""

import pytest
from django.db import transaction

from tests.webapp.conftest import write_task
from webapp.catalog.models import Task
from webapp.runs.jobs import JOB_TYPES, JobFailure, job_type
from webapp.runs.models import Job, JobState
from webapp.runs.services import create_job, execute_job, report_progress


@pytest.fixture
def registered_job_types():
    saved = dict(JOB_TYPES)
    yield JOB_TYPES
    JOB_TYPES.clear()
    JOB_TYPES.update(saved)


@pytest.mark.django_db
def test_progress_is_kept_between_0_and_100_and_messages_go_to_the_log():
    job = create_job(kind="import_corpus", enqueue=False)

    report_progress(job=job, progress=140, message="almost")
    report_progress(job=job, progress=-3, message="restarted")

    job.refresh_from_db()
    assert (job.progress, job.log) == (0, "almost\nrestarted\n")


@pytest.mark.django_db
def test_an_unknown_job_kind_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="unknown job kind 'bake'; known kinds: .*import_corpus"):
        create_job(kind="bake")
    assert not Job.objects.exists()


@pytest.mark.django_db
def test_a_failing_job_keeps_its_human_readable_error(registered_job_types):
    @job_type("needs_a_model")
    def needs_a_model(job, progress):
        progress(30, "looking for the model")
        raise JobFailure("no model at /models/x: download it first or pick another")

    job = execute_job(job_id=create_job(kind="needs_a_model", enqueue=False).id)

    assert (job.state, job.progress, job.error) == (
        JobState.FAILED, 30, "no model at /models/x: download it first or pick another")
    assert job.log == "looking for the model\n" and job.finished_at is not None


@pytest.mark.django_db
def test_a_crashing_job_is_failed_with_the_exception_named(registered_job_types):
    @job_type("crashes")
    def crashes(job, progress):
        return {}["missing"]

    job = execute_job(job_id=create_job(kind="crashes", enqueue=False).id)

    assert job.state == JobState.FAILED
    assert job.error == "the job stopped on an unexpected error: KeyError: 'missing'"


def test_a_real_worker_runs_an_import_job_to_the_end(celery_worker, corpus_root):
    write_task(corpus_root, "counter_reset")
    write_task(corpus_root, "cache_stale")
    with transaction.atomic():  # the worker is handed the job when this commits
        job = create_job(kind="import_corpus", params={"root": str(corpus_root)})

    result = celery_worker_result(job)

    assert (result.state, result.progress, result.error) == (JobState.FINISHED, 100, "")
    assert sorted(result.result["created"]) == ["cache_stale", "counter_reset"]
    assert "imported counter_reset" in result.log and result.celery_task_id
    assert sorted(Task.objects.values_list("name", flat=True)) == ["cache_stale", "counter_reset"]


def celery_worker_result(job: Job) -> Job:
    """Wait for the worker to finish the job (a generous cap for a loaded machine, not an assertion)."""
    import time

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.is_over:
            return job
        time.sleep(0.2)
    pytest.fail(f"the worker did not finish job {job.id} (state {job.state})")
