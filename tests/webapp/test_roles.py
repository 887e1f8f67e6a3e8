"""Roles are checked in the services: an annotator cannot launch any job kind or open a session, a
researcher manages only their own jobs and stays within quotas, jobs from the app never run on the
``local`` sandbox, and ``manage.py grant`` gives roles with clear errors."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.helpers.configs import tiny_config
from webapp.core import roles
from webapp.core.roles import NotAllowed
from webapp.runs.models import Job
from webapp.runs.registry import REGISTRY, JobParamsError
from webapp.runs.services import cancel_job, create_job, retry_job
from webapp.runs.services.admission import QuotaExceeded
from webapp.runs.services.sessions import SessionCallError, submit_call

pytestmark = pytest.mark.django_db

EVERY_KIND = sorted(kind for kind, kind_type in REGISTRY.items() if kind_type.launchable) + ["session"]


def episode_params(**extra) -> dict:
    return {"task": "counter_reset", "arm": "dbg", "policy": "script:/nowhere.json", "script": "",
            "max_turns": 10, "sandbox": "bwrap", **extra}


@pytest.mark.parametrize("kind", EVERY_KIND)
def test_an_annotator_launching_any_kind_is_refused_in_the_service_and_nothing_is_stored(make_user, kind,
                                                                                         catalog_task):
    annotator = make_user("ann", role="annotator")

    with pytest.raises(NotAllowed, match="ann \\(annotator\\) may not .*researcher role"):
        create_job(kind=kind, params=episode_params(), created_by=annotator, checked=True)

    assert not Job.objects.exists()


def test_every_launchable_kind_is_in_the_list_the_refusal_test_walks():
    assert {"eval", "episode", "rollouts", "export_sft", "sft", "grpo", "validate_corpus", "import_corpus",
            "microskills", "tiny_model", "session"} <= set(EVERY_KIND)


def test_an_annotator_on_the_pages_gets_403_for_launching_and_opening_a_session(client, make_user, catalog_task):
    client.force_login(make_user("ann", role="annotator"))

    launch_form = client.get("/jobs/new/eval/")
    launch = client.post("/jobs/new/episode/", episode_params(policy="script:x.json"))
    session = client.post("/live/sessions/", {"task": "counter_reset", "arm": "dbg"})
    jobs_page = client.get("/jobs/")

    assert (launch_form.status_code, launch.status_code, session.status_code) == (403, 403, 403)
    assert not Job.objects.exists()
    assert b"Launch a job" not in jobs_page.content and b"researcher role" in jobs_page.content


def test_a_researcher_opens_a_session_and_loses_the_wheel_when_made_an_annotator(make_user, catalog_task):
    researcher = make_user("res", role="researcher")
    job = create_job(kind="session", params={"task": "counter_reset", "arm": "dbg"}, created_by=researcher)
    call_command("grant", "res", "annotator", stdout=StringIO())
    researcher = type(researcher).objects.get(pk=researcher.pk)  # a fresh permission cache

    with pytest.raises(SessionCallError, match="researcher role") as refused:
        submit_call(episode=job.episode, user=researcher, name="bash", arguments={"command": "ls"})
    assert refused.value.refused and not job.episode.human_calls.exists()


def test_a_researcher_manages_only_their_own_jobs_and_an_admin_every_job(make_user, catalog_task):
    owner, other, boss = make_user("res"), make_user("other"), make_user("boss", role="admin")
    job = create_job(kind="episode", params=episode_params(), created_by=owner, checked=True)

    with pytest.raises(NotAllowed, match="only its owner"):
        cancel_job(job=job, by=other)
    cancelled = cancel_job(job=job, by=boss)
    with pytest.raises(NotAllowed, match="only its owner"):
        retry_job(job=cancelled, by=other)

    assert cancelled.state == "cancelled"


@pytest.mark.parametrize("params, field", [
    (episode_params(sandbox="local"), "sandbox"),
    ({"name": "g", "config": "tiny-cpu", "overrides": ["grpo.sandbox.backend=local"],
      "all_overrides": ["grpo.sandbox.backend=local"]}, "overrides"),
])
def test_the_local_sandbox_is_refused_for_jobs_from_the_app_naming_the_field(make_user, params, field,
                                                                             catalog_task):
    kind = "episode" if "task" in params else "grpo"

    with pytest.raises(JobParamsError, match="'local' sandbox runs the model's code") as refused:
        create_job(kind=kind, params=params, created_by=make_user("res"), checked=True)

    assert field in refused.value.errors and not Job.objects.exists()


def test_a_grpo_override_naming_the_local_sandbox_is_refused_through_the_form(make_user):
    with pytest.raises(JobParamsError) as refused:
        create_job(kind="grpo", params={"config_text": tiny_config(), "overrides": "grpo.sandbox.backend=local"},
                   created_by=make_user("res"))

    assert "grpo.sandbox.backend=local" in " ".join(refused.value.errors["overrides"])
    assert not Job.objects.exists()


def test_a_pasted_grpo_config_on_the_local_sandbox_is_refused(make_user):
    with pytest.raises(JobParamsError, match="grpo.sandbox.backend is 'local'") as refused:
        create_job(kind="grpo", params={"config_text": tiny_config(backend="local")}, created_by=make_user("res"))

    assert "config_text" in refused.value.errors and not Job.objects.exists()


def test_an_eval_of_20_runs_256_workers_500_turns_is_over_the_quota(make_user, catalog_task):
    params = {"name": "big", "policy": "script:/x.json", "arms": ["base", "dbg"], "tasks": ["counter_reset"],
              "runs": 20, "max_turns": 500, "sandbox": "bwrap", "workers": 256}

    with pytest.raises(QuotaExceeded) as refused:
        create_job(kind="eval", params=params, created_by=make_user("res"), checked=True)

    assert set(refused.value.errors) == {"workers", "max_turns", "__all__"}
    assert "would play 256 episodes at once; your limit is 64" in refused.value.errors["__all__"][0]
    assert "your limit is 16 (STEPWISE_QUOTAS['workers_per_job'])" in refused.value.errors["workers"][0]
    assert not Job.objects.exists()


def test_validation_with_repeat_20_and_32_workers_is_refused_for_an_annotator_and_over_quota(make_user, settings):
    params = {"split": "", "tasks": ["counter_reset"], "sandbox": "bwrap", "workers": 32, "repeat": 20}
    settings.STEPWISE_QUOTAS = {"episodes_per_job": 10}

    with pytest.raises(NotAllowed):
        create_job(kind="validate_corpus", params=params, created_by=make_user("ann", role="annotator"),
                   checked=True)
    with pytest.raises(QuotaExceeded) as refused:
        create_job(kind="validate_corpus", params=params, created_by=make_user("res"), checked=True)

    assert set(refused.value.errors) == {"workers", "repeat"}
    assert "runs x tasks (the episodes of this job) is 20; your limit is 10" in refused.value.errors["repeat"][0]


def test_concurrent_jobs_and_episodes_in_flight_are_limited_per_user(make_user, settings, catalog_task):
    settings.STEPWISE_QUOTAS = {"concurrent_jobs": 2, "episodes_in_flight": 5}
    res, other, boss = make_user("res"), make_user("other"), make_user("boss", role="admin")
    eval_params = {"name": "e", "policy": "script:/x.json", "arms": ["dbg"], "tasks": ["counter_reset"],
                   "runs": 1, "max_turns": 10, "sandbox": "bwrap", "workers": 4}
    create_job(kind="eval", params=eval_params, created_by=res, checked=True)

    with pytest.raises(QuotaExceeded, match="would play 6 episodes at once; your limit is 5"):
        create_job(kind="eval", params={**eval_params, "workers": 2}, created_by=res, checked=True)
    create_job(kind="episode", params=episode_params(), created_by=res, checked=True)
    with pytest.raises(QuotaExceeded, match="you have 2 jobs not yet over; your limit is 2"):
        create_job(kind="episode", params=episode_params(), created_by=res, checked=True)
    create_job(kind="episode", params=episode_params(), created_by=other, checked=True)  # quotas are per user
    create_job(kind="eval", params={**eval_params, "workers": 16}, created_by=boss, checked=True)  # admins: none

    assert Job.objects.filter(parent__isnull=True).count() == 4


def test_grant_gives_one_role_and_names_what_to_use_for_an_unknown_user_or_role(make_user):
    user = make_user("kim", role=None)
    out = StringIO()

    assert roles.role_of(user) == "annotator"  # no group: the default role
    call_command("grant", "kim", "Researcher", stdout=out)
    with pytest.raises(CommandError, match="unknown role 'boss'; use one of annotator, researcher, admin"):
        call_command("grant", "kim", "boss")
    with pytest.raises(CommandError, match="no user 'nobody'"):
        call_command("grant", "nobody", "admin")
    user = type(user).objects.get(pk=user.pk)

    assert "kim is now researcher" in out.getvalue()
    assert roles.role_of(user) == "researcher" and user.has_perm(roles.LAUNCH_JOB)
    assert not user.has_perm(roles.MANAGE_ANY_JOB) and not user.is_staff
    call_command("grant", "kim", "admin", stdout=out)
    user = type(user).objects.get(pk=user.pk)
    assert user.is_staff and user.has_perm(roles.ADJUDICATE) and list(user.groups.values_list("name", flat=True)) == [
        "admin"]


def test_the_admin_user_list_shows_roles_without_a_query_per_row(admin_client, make_user):
    for index in range(3):
        make_user(f"ann{index}", role="annotator")
    make_user("res")
    admin_client.get("/admin/auth/user/")  # warm up (content types, session)

    with CaptureQueriesContext(connection) as few:
        page = admin_client.get("/admin/auth/user/")
    for index in range(5):
        make_user(f"more{index}", role="researcher")
    with CaptureQueriesContext(connection) as more:
        admin_client.get("/admin/auth/user/")

    html = page.content.decode()
    assert page.status_code == 200
    assert html.count('<td class="field-role">annotator</td>') == 3
    assert html.count('<td class="field-role">researcher</td>') == 1
    assert html.count('<td class="field-role">admin</td>') == 1  # the superuser
    assert len(more) == len(few)


def test_the_jobs_and_live_lists_check_permissions_once_not_per_row(client, make_user, catalog_task):
    researcher = make_user("res")
    client.force_login(researcher)

    def queries_of(path: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(path).status_code == 200
        return len(captured)

    create_job(kind="episode", params=episode_params(), created_by=researcher, checked=True)
    few = {path: queries_of(path) for path in ("/jobs/", "/live/")}
    for _ in range(4):
        create_job(kind="episode", params=episode_params(), created_by=researcher, checked=True)
    more = {path: queries_of(path) for path in ("/jobs/", "/live/")}

    assert more == few


@pytest.mark.parametrize("post, field", [
    ({"config_text": tiny_config(), "overrides": "grpo.sandbox.backend=local"}, "overrides"),
    ({"config_text": tiny_config(), "overrides": 'grpo.sandbox={"backend": "local"}'}, "config_text"),
    ({"config_text": tiny_config(backend="local")}, "config_text"),
])
def test_the_grpo_form_shows_a_local_sandbox_as_a_field_error_not_a_500(client, make_user, post, field):
    client.force_login(make_user("res"))

    page = client.post("/jobs/new/grpo/", {"name": "g", **post})

    assert page.status_code == 400, page.status_code
    errors = page.context["form"].errors
    assert "'local' sandbox" in " ".join(errors.get(field, [])), errors
    assert not Job.objects.exists()


def test_adduser_adds_a_user_with_a_role_and_a_password_printed_once(monkeypatch):
    from django.contrib.auth import get_user_model

    out = StringIO()
    call_command("adduser", "lee", "--role", "Researcher", stdout=out)
    password = out.getvalue().strip().rsplit("password: ", 1)[1]
    monkeypatch.setattr("sys.stdin", StringIO("a-long-Password-9\n"))
    call_command("adduser", "ann2", "--role", "annotator", "--password-stdin", stdout=out)

    lee, ann2 = (get_user_model().objects.get(username=name) for name in ("lee", "ann2"))
    assert "lee added as researcher" in out.getvalue() and roles.role_of(lee) == "researcher"
    assert lee.check_password(password) and ann2.check_password("a-long-Password-9")
    assert roles.role_of(ann2) == "annotator"
    with pytest.raises(CommandError, match="user 'lee' exists; change its role with 'manage.py grant lee ROLE'"):
        call_command("adduser", "lee", "--role", "admin")
    with pytest.raises(CommandError, match="unknown role 'boss'"):
        call_command("adduser", "kim", "--role", "boss")
    with pytest.raises(CommandError, match="cannot be a username"):
        call_command("adduser", "bad name!", "--role", "annotator")
    assert not get_user_model().objects.filter(username__in=["kim", "bad name!"]).exists()
