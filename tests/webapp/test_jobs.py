"""Jobs: typed progress, a state machine, events, a human-readable error; run by a real Celery worker."""

import pytest
from django.db import transaction

from tests.helpers.jobs import wait_for_job
from tests.helpers.tasks import RESET_COUNTER, write_task
from webapp.catalog.models import Task
from webapp.runs.models import Job, JobEvent, JobState
from webapp.runs.registry import REGISTRY, JobFailure, JobParamsError, JobType, register
from webapp.runs.services import cancel_job, create_job, execute_job, retry_job, set_progress
from webapp.runs.services.jobs import IllegalTransition, fail_job


@pytest.fixture
def registered_job_types():
    saved = dict(REGISTRY)
    yield REGISTRY
    REGISTRY.clear()
    REGISTRY.update(saved)


def log_lines(job: Job) -> list[str]:
    return [e.data["text"] for e in JobEvent.objects.filter(job=job, kind="log").order_by("seq")]


@pytest.mark.django_db
def test_progress_counts_done_of_total_with_a_rate_and_never_goes_negative():
    job = create_job(kind="import_corpus", enqueue=False)
    Job.objects.filter(pk=job.pk).update(state=JobState.RUNNING, started_at=job.created_at)

    set_progress(job=job, done=3, total=10, message="three", unit="tasks")
    job = set_progress(job=job, done=-2, message="back to the start")

    assert (job.progress_done, job.progress_total, job.progress_unit, job.progress_message) == (
        0, 10, "tasks", "back to the start")
    assert job.progress_rate is not None and job.progress_rate > 0
    assert job.percent == 0.0


@pytest.mark.django_db
def test_an_unknown_job_kind_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="unknown job kind 'bake'; known kinds: .*eval.*import_corpus"):
        create_job(kind="bake")
    assert not Job.objects.exists()


@pytest.mark.django_db
def test_bad_arguments_are_refused_field_by_field_and_nothing_is_stored():
    with pytest.raises(JobParamsError) as caught:
        create_job(kind="eval", params={"policy": "gpt", "arms": ["both"], "runs": 0, "split": "heldout"})

    errors = caught.value.errors
    assert "expected KIND:TARGET" in errors["policy"][0]
    assert "both is not one of the available choices" in errors["arms"][0]
    assert "greater than or equal to 1" in errors["runs"][0]
    assert not Job.objects.exists()


@pytest.mark.django_db
def test_the_state_machine_refuses_a_second_ending():
    job = create_job(kind="import_corpus", enqueue=False)
    job = fail_job(job=job, error="the folder vanished")

    with pytest.raises(IllegalTransition, match="is failed; it cannot become failed"):
        fail_job(job=job, error="again")
    states = [(e.data["from"], e.data["to"]) for e in JobEvent.objects.filter(job=job, kind="state").order_by("seq")]
    assert states == [(None, "queued"), ("queued", "failed")]


@pytest.mark.django_db
def test_a_failing_job_keeps_its_human_readable_error(registered_job_types):
    @register
    class NeedsAModel(JobType):
        kind, label = "needs_a_model", "needs a model"

        def run(self, work):
            work.progress(3, 10, "looking for the model")
            work.log("looking for the model")
            raise JobFailure("no model at /models/x: download it first or pick another")

    job = execute_job(job_id=create_job(kind="needs_a_model", enqueue=False).id, worker="here")

    assert (job.state, job.progress_done, job.progress_total, job.error) == (
        JobState.FAILED, 3, 10, "no model at /models/x: download it first or pick another")
    assert log_lines(job) == ["looking for the model"] and job.finished_at is not None


@pytest.mark.django_db
def test_a_crashing_job_is_failed_with_the_exception_named(registered_job_types):
    @register
    class Crashes(JobType):
        kind, label = "crashes", "crashes"

        def run(self, work):
            return {}["missing"]

    job = execute_job(job_id=create_job(kind="crashes", enqueue=False).id, worker="here")

    assert job.state == JobState.FAILED
    assert job.error == "the job stopped on an unexpected error: KeyError: 'missing'"


@pytest.mark.django_db
def test_a_queued_job_is_cancelled_at_once_and_its_message_then_runs_nothing():
    job = create_job(kind="import_corpus", enqueue=False)

    cancel_job(job=job)

    assert Job.objects.get(pk=job.pk).state == JobState.CANCELLED
    assert execute_job(job_id=job.pk, worker="here") is None
    with pytest.raises(ValueError, match="already cancelled; there is nothing to cancel"):
        cancel_job(job=Job.objects.get(pk=job.pk))


@pytest.mark.django_db
def test_retry_makes_a_new_job_with_the_same_arguments(corpus_root):
    job = create_job(kind="import_corpus", params={"root": str(corpus_root)}, enqueue=False)
    with pytest.raises(ValueError, match="still queued"):
        retry_job(job=job)
    job = fail_job(job=job, error="the disk was full")

    again = retry_job(job=job)

    assert again.pk != job.pk and again.retry_of_id == job.pk
    assert (again.kind, again.params, again.state) == (job.kind, job.params, JobState.QUEUED)


@pytest.mark.slow
def test_a_real_worker_runs_an_import_job_to_the_end(celery_worker, corpus_root):
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    write_task(corpus_root, "cache_stale", shape=RESET_COUNTER)
    with transaction.atomic():  # the worker is handed the job when this commits
        job = create_job(kind="import_corpus", params={"root": str(corpus_root)})

    result = wait_for_job(job)

    assert (result.state, result.progress_done, result.progress_total, result.error) == (
        JobState.SUCCEEDED, 2, 2, "")
    assert sorted(result.result["created"]) == ["cache_stale", "counter_reset"]
    assert "imported counter_reset" in log_lines(result) and result.celery_task_id
    assert result.worker.startswith("test-") and result.heartbeat_at is not None
    assert sorted(Task.objects.values_list("name", flat=True)) == ["cache_stale", "counter_reset"]


@pytest.mark.django_db
def test_a_fan_out_job_gets_a_rate_and_an_eta_from_its_childrens_ends():
    from datetime import timedelta

    from webapp.runs.services.jobs import child_ended

    parent = Job.objects.create(kind="eval", state=JobState.RUNNING, progress_total=4)
    Job.objects.filter(pk=parent.pk).update(started_at=parent.created_at - timedelta(seconds=10))
    children = [Job.objects.create(kind="episode", parent=parent, state=JobState.RUNNING) for _ in range(4)]
    Job.objects.filter(pk=children[0].pk).update(state=JobState.SUCCEEDED)

    parent = child_ended(child=Job.objects.get(pk=children[0].pk))

    assert parent is not None and parent.progress_done == 1
    assert parent.progress_rate is not None and 0 < parent.progress_rate < 1  # one episode in about 10 s
    assert parent.eta_s is not None and 20 < parent.eta_s < 40  # three left at that rate
