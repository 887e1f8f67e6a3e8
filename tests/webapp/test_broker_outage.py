"""No job lost to the broker: a real Redis made unreachable (the app pointed at a closed port), never a
mocked one. A launch during the outage gives up after its bounded tries with the job failed and the reason; a
child the broker would not take stays queued and is sent again; a job no worker takes is sent again,
then failed with the reason."""

from __future__ import annotations

import json
import socket
import threading
from datetime import timedelta

import pytest
from celery import current_app
from django.db import transaction
from django.db.models import F
from django.test import Client
from django.urls import reverse

from tests.helpers.ports import closed_port
from webapp.runs.models import Job, JobEvent, JobState
from webapp.runs.services import create_job
from webapp.runs.services.jobs import send_jobs
from webapp.runs.services.reaper import reap_lost_jobs, resend_stalled_jobs


def as_if_the_queued_deadline_passed(job: Job) -> None:
    """Move the job's send and creation an hour back, rather than sleep past the deadline."""
    hour = timedelta(hours=1)
    Job.objects.filter(pk=job.pk).update(sent_at=F("sent_at") - hour, created_at=F("created_at") - hour)


def queue_length(name: str) -> int:
    """Messages waiting in the real Redis list of the queue (the test run's key prefix applied)."""
    with current_app.connection_for_write() as connection:
        return connection.default_channel.client.llen(name)


def purge(name: str) -> None:
    with current_app.connection_for_write() as connection:
        connection.default_channel.queue_purge(name)


SCRIPT = json.dumps({"tool_calls": [{"name": "bash", "arguments": {"command": "true"}}]})


class RefusingBroker:
    """A loopback port that accepts each connection and closes it at once, counting them: a broker that
    is down, where every try the app makes can be counted."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections = 0
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                accepted, _ = self.listener.accept()
            except OSError:  # closed
                return
            self.connections += 1
            accepted.close()

    def close(self) -> None:
        self.listener.close()


@pytest.mark.slow
def test_a_launch_while_the_broker_is_down_gives_up_after_the_bounded_tries_with_the_job_failed_and_why(
        transactional_db, monkeypatch, settings, catalog_task, make_user):
    # It was an HTTP 500 after 19 s of unbounded reconnecting; the tries are counted here, the seconds in
    # bench/ (a timed assertion has no place in a test).
    broker = RefusingBroker()
    monkeypatch.setitem(current_app.conf, "broker_url", f"redis://127.0.0.1:{broker.port}/0")
    monkeypatch.setitem(current_app.conf, "broker_write_url", None)
    settings.STEPWISE_BROKER_SEND_RETRIES, settings.STEPWISE_BROKER_SEND_INTERVAL_S = 2, 0.01
    client = Client()
    client.force_login(make_user("rita", is_staff=True, is_superuser=True))

    try:
        page = client.post(reverse("launch", args=["episode"]), {
            "task": "counter_reset", "arm": "dbg", "policy": "", "script": SCRIPT, "max_turns": 3,
            "sandbox": "bwrap"}, follow=True)
    finally:
        broker.close()

    assert page.status_code == 200
    job = Job.objects.get()
    assert job.state == JobState.FAILED and job.finished_at is not None  # never queued forever
    assert "the job queue (redis://127.0.0.1:" in job.error and "could not be reached" in job.error
    assert "retry the job once the job queue is back" in job.error
    assert "could not be queued" in page.content.decode()
    assert 1 <= broker.connections <= 3, broker.connections  # the first try and STEPWISE_BROKER_SEND_RETRIES more


@pytest.mark.slow
def test_a_child_the_broker_would_not_take_stays_queued_and_is_sent_again_once_it_is_back(
        transactional_db, monkeypatch, settings):
    settings.STEPWISE_JOB_QUEUED_DEADLINE_S = 60
    parent = create_job(kind="import_corpus", enqueue=False)
    Job.objects.filter(pk=parent.pk).update(state=JobState.RUNNING, fanned_out=True)  # an eval, mid-way
    child = create_job(kind="import_corpus", enqueue=False, parent=parent)
    queue = child.queue
    purge(queue)
    down = f"redis://127.0.0.1:{closed_port()}/0"
    with monkeypatch.context() as patch:
        patch.setitem(current_app.conf, "broker_url", down)
        patch.setitem(current_app.conf, "broker_write_url", None)
        with transaction.atomic():
            send_jobs(jobs=[child])  # as child_ended does, on a worker, mid-eval
    child.refresh_from_db()
    assert (child.state, child.sends) == (JobState.QUEUED, 1)
    noted = [e.data["text"] for e in JobEvent.objects.filter(job=child, kind="log")]
    assert any("could not be reached" in text and "sent again" in text for text in noted), noted
    assert queue_length(queue) == 0

    as_if_the_queued_deadline_passed(child)  # and the broker back
    assert resend_stalled_jobs() == []

    child.refresh_from_db()
    assert (child.state, child.sends) == (JobState.QUEUED, 2) and child.celery_task_id
    assert queue_length(queue) == 1
    purge(queue)


@pytest.mark.slow
def test_a_job_no_worker_takes_is_sent_again_then_failed_with_the_reason(transactional_db, settings):
    settings.STEPWISE_JOB_QUEUED_DEADLINE_S = 60
    settings.STEPWISE_JOB_MAX_SENDS = 2
    with transaction.atomic():
        job = create_job(kind="import_corpus")
    queue = job.queue
    job.refresh_from_db()
    assert (job.state, job.sends) == (JobState.QUEUED, 1) and job.sent_at is not None

    as_if_the_queued_deadline_passed(job)
    reap_lost_jobs()  # the worker's timer: lost running jobs, then stalled queued ones
    job.refresh_from_db()
    assert (job.state, job.sends) == (JobState.QUEUED, 2)

    as_if_the_queued_deadline_passed(job)
    assert resend_stalled_jobs() == [job.pk]
    job.refresh_from_db()
    assert job.state == JobState.FAILED
    assert f"no worker took this job from the queue {queue!r}: it was sent 2 time(s)" in job.error
    assert resend_stalled_jobs() == []  # a failed job is left alone
    purge(queue)


@pytest.mark.slow
def test_a_launched_job_whose_message_was_never_sent_is_sent_by_the_reaper(transactional_db, settings):
    settings.STEPWISE_JOB_QUEUED_DEADLINE_S = 60
    job = create_job(kind="import_corpus", enqueue=False)  # as if the web process died before the send
    purge(job.queue)
    as_if_the_queued_deadline_passed(job)

    assert resend_stalled_jobs() == []

    job.refresh_from_db()
    assert (job.state, job.sends) == (JobState.QUEUED, 1) and job.sent_at is not None
    assert queue_length(job.queue) == 1
    purge(job.queue)
