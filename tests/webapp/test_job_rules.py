"""The rules a job's life follows, each pinned on its own: who may cancel or retry a job (its owner only
while still a researcher, or an admin), which state may follow which (queued -> running -> an ending,
or queued -> cancelled or failed; nothing else), and that a repeated delivery of a job's message starts
it at most once. The mutation run (scripts/mutation) counts on these tests to kill changes to the rules."""

from __future__ import annotations

import itertools
from io import StringIO

import pytest
from django.core.management import call_command

from webapp.core import roles
from webapp.core.roles import NotAllowed
from webapp.runs.models import Job, JobEvent, JobState
from webapp.runs.services import cancel_job, create_job, retry_job
from webapp.runs.services.jobs import ALLOWED, IllegalTransition, _transition, claim_job

pytestmark = pytest.mark.django_db

# Every move the state machine allows; each other pair of states is refused.
LEGAL = {("queued", "running"), ("queued", "cancelled"), ("queued", "failed"),
         ("running", "succeeded"), ("running", "failed"), ("running", "cancelled")}


def queued_job(owner=None) -> Job:
    return create_job(kind="import_corpus", created_by=owner, enqueue=False)


def fresh(user):
    """The user as a new request sees them (Django caches a user's permissions on the object)."""
    return type(user).objects.get(pk=user.pk)


def state_moves(job: Job) -> list[tuple[str | None, str]]:
    return [(e.data["from"], e.data["to"]) for e in JobEvent.objects.filter(job=job, kind="state").order_by("seq")]


# ---- roles ---------------------------------------------------------------------------------------
def test_an_owner_who_lost_the_researcher_role_may_no_longer_cancel_or_retry_their_job(make_user):
    owner = make_user("res", role="researcher")
    job = queued_job(owner)
    call_command("grant", "res", "annotator", stdout=StringIO())
    owner = fresh(owner)

    assert roles.may_manage_job(owner, job) is False
    with pytest.raises(NotAllowed, match=f"^res may not cancel job {job.pk}: only its owner \\(a researcher\\) or an admin may$"):
        cancel_job(job=job, by=owner)
    job.refresh_from_db()
    assert job.state == JobState.QUEUED and job.cancel_requested_at is None


def test_the_owner_while_a_researcher_and_an_admin_may_manage_a_job_and_no_one_else(make_user):
    owner, other = make_user("res", role="researcher"), make_user("other", role="researcher")
    admin, annotator = make_user("boss", role="admin"), make_user("ann", role="annotator")
    job = queued_job(owner)

    allowed = {user.username: roles.may_manage_job(user, job) for user in (owner, other, admin, annotator)}

    assert allowed == {"res": True, "other": False, "boss": True, "ann": False}
    assert roles.may_manage_job(None, job) is False  # nobody signed in
    roles.require_manage_job(None, job, "cancel")  # the machine's owner (a command, the reaper) may


def test_an_inactive_admin_may_manage_nothing(make_user):
    admin = make_user("boss", role="admin")
    job = queued_job(make_user("res", role="researcher"))
    type(admin).objects.filter(pk=admin.pk).update(is_active=False)

    assert roles.may_manage_job(fresh(admin), job) is False
    with pytest.raises(NotAllowed):
        retry_job(job=cancel_job(job=job), by=fresh(admin))


# ---- states --------------------------------------------------------------------------------------
def test_the_state_machine_allows_exactly_its_moves():
    states = [state.value for state in JobState]

    allowed = {(a, b) for a, b in itertools.product(states, states) if b in ALLOWED.get(a, ())}

    assert allowed == LEGAL


@pytest.mark.parametrize("ended", ["succeeded", "failed", "cancelled"])
def test_an_ended_job_moves_nowhere_and_each_move_records_why(ended):
    job = queued_job()
    _transition(job, JobState.RUNNING, why="on node-a")
    _transition(job, ended, why="the end")

    for state in JobState:
        with pytest.raises(IllegalTransition, match=f"is {ended}; it cannot become {state.value}"):
            _transition(job, state)
    assert [e.data for e in JobEvent.objects.filter(job=job, kind="state").order_by("seq")][-2:] == [
        {"from": "queued", "to": "running", "why": "on node-a"}, {"from": "running", "to": ended, "why": "the end"}]


def test_a_queued_job_cannot_succeed_without_running():
    job = queued_job()

    with pytest.raises(IllegalTransition, match="is queued; it cannot become succeeded"):
        _transition(job, JobState.SUCCEEDED)
    assert job.state == JobState.QUEUED


def test_a_repeated_delivery_of_a_running_job_does_not_claim_it_again():
    job = queued_job()
    first = claim_job(job_id=job.pk, worker="node-a pid 1", celery_task_id="task-1")

    again = claim_job(job_id=job.pk, worker="node-b pid 2", celery_task_id="task-1")

    assert first is not None and first.state == JobState.RUNNING
    assert again is None
    job.refresh_from_db()
    assert (job.state, job.worker) == (JobState.RUNNING, "node-a pid 1")
    assert state_moves(job) == [(None, "queued"), ("queued", "running")]


def test_a_delivery_of_an_ended_or_cancelled_job_claims_nothing():
    ended, cancelled = queued_job(), queued_job()
    claim_job(job_id=ended.pk, worker="node-a pid 1")
    Job.objects.filter(pk=ended.pk).update(state=JobState.SUCCEEDED)
    Job.objects.filter(pk=cancelled.pk).update(cancel_requested_at=cancelled.created_at)

    assert claim_job(job_id=ended.pk, worker="node-b pid 2") is None
    assert claim_job(job_id=cancelled.pk, worker="node-b pid 2") is None
    assert claim_job(job_id=10**9, worker="node-b pid 2") is None  # a message for a job that is gone
    cancelled.refresh_from_db()
    assert cancelled.state == JobState.CANCELLED and cancelled.worker == ""


# ---- who is asking ---------------------------------------------------------------------------------
def test_nobody_signed_in_has_no_role_and_no_permission():
    from django.contrib.auth.models import AnonymousUser

    assert roles.role_of(None) == "" and roles.role_of(AnonymousUser()) == "" and roles.role_of(object()) == ""
    assert roles.has(None, roles.LAUNCH_JOB) is False and roles.has(AnonymousUser(), roles.LAUNCH_JOB) is False
    assert roles.has(object(), roles.LAUNCH_JOB) is False  # no is_active: not a user the app made


def test_a_users_groups_are_read_once_per_user_object(make_user, django_assert_num_queries):
    user = fresh(make_user("res", role="researcher"))

    with django_assert_num_queries(1):
        assert [roles.role_of(user), roles.role_of(user)] == ["researcher", "researcher"]


def test_a_refusal_says_who_asked_what_it_takes_and_the_command_that_grants_it(make_user):
    from django.contrib.auth.models import AnonymousUser

    def refusal(user, permission, doing):
        with pytest.raises(NotAllowed) as caught:
            roles.require(user, permission, doing)
        return str(caught.value)

    annotator = make_user("ann", role="annotator")

    assert refusal(annotator, roles.LAUNCH_JOB, "launch an eval") == (
        "ann (annotator) may not launch an eval; it takes the researcher role (an admin grants it: "
        "manage.py grant ann researcher)")
    assert refusal(annotator, roles.MANAGE_ANY_JOB, "see every job") == (
        "ann (annotator) may not see every job; it takes the admin role (an admin grants it: manage.py grant ann admin)")
    assert refusal(None, roles.OPEN_SESSION, "open a session") == (
        "an anonymous user (not signed in) may not open a session; it takes the researcher role (an admin grants "
        "it: manage.py grant USER researcher)")
    assert refusal(AnonymousUser(), roles.CHANGE_LABELING_SETTINGS, "change the queue") == (
        "an anonymous user (not signed in) may not change the queue; it takes the researcher role (an admin "
        "grants it: manage.py grant an anonymous user researcher)")
    roles.require(fresh(make_user("res", role="researcher")), roles.LAUNCH_JOB, "launch an eval")  # allowed


def test_a_move_given_no_reason_records_an_empty_one():
    job = queued_job()
    _transition(job, JobState.RUNNING)

    assert JobEvent.objects.filter(job=job, kind="state").order_by("seq").last().data == {
        "from": "queued", "to": "running", "why": ""}
