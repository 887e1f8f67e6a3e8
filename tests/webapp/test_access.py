"""Login is required everywhere except /healthz and the login page itself."""

import pytest
from django.contrib import admin

from tests.webapp.conftest import trajectory_document
from webapp.catalog.models import Task
from webapp.catalog.services import add_preference_label, adjudicate
from webapp.runs.models import EvalRun, TrainingRun
from webapp.runs.services import create_job
from webapp.trajectories.services import (
    add_edit_relevance_review,
    add_trajectory_verdict,
    rescore_trajectories,
    save_trajectory,
)

pytestmark = pytest.mark.django_db


@pytest.mark.slow
@pytest.mark.parametrize("path", ["/", "/admin/", "/admin/catalog/task/", "/accounts/password_change/", "/live/",
                                  "/episodes/1/"])
def test_pages_redirect_to_the_login_page_when_logged_out(client, path):
    response = client.get(path)

    assert response.status_code == 302
    assert response["Location"].startswith(("/accounts/login/?next=", "/admin/login/?next="))


def test_the_login_page_is_served_to_everyone(client):
    response = client.get("/accounts/login/")

    assert response.status_code == 200
    assert b'name="username"' in response.content and b'name="password"' in response.content


def test_logging_in_leads_to_the_task_list_with_counts(client, make_user):
    ann = make_user("ann")
    task = Task.objects.create(name="counter_reset", category="state", description="d", preference="optional",
                               loc=6, file_count=2, fix_diff_lines=2)
    add_preference_label(task=task, annotator=ann, preference="avoid")
    add_preference_label(task=task, annotator=ann, preference="optional")

    login = client.post("/accounts/login/", {"username": "ann", "password": "pw-ann"})
    home = client.get("/")

    assert (login.status_code, login["Location"]) == (302, "/")
    assert home.status_code == 200
    assert [(t.name, t.label_count, t.trajectory_count) for t in home.context["tasks"]] == [("counter_reset", 2, 0)]
    assert b"1 task, 1 labelled" in home.content


def test_the_admin_lists_every_model_for_a_superuser(admin_client):
    response = admin_client.get("/admin/")

    assert response.status_code == 200
    for model in (b"Tasks", b"Preference labels", b"Adjudications", b"Trajectories", b"Steps",
                  b"Edit relevance reviews", b"Trajectory reviews", b"Jobs", b"Eval runs", b"Training runs"):
        assert model in response.content


@pytest.mark.slow
def test_every_admin_list_and_detail_page_renders(admin_client, admin_user, make_user, tmp_path):
    task = Task.objects.create(name="counter_reset", category="state", description="d", preference="optional")
    add_preference_label(task=task, annotator=admin_user, preference="avoid")
    trajectory, _ = save_trajectory(document=trajectory_document("ep-1"))
    add_edit_relevance_review(trajectory=trajectory, observation_step=trajectory.steps.get(index=1),
                              edit_step=trajectory.steps.get(index=2), verdict="relevant", reviewer=admin_user)
    add_trajectory_verdict(trajectory=trajectory, verdict="relevant", reviewer=admin_user)
    adjudicate(task=task, adjudicator=admin_user, preference="optional")
    rescore_trajectories()  # a TrajectoryScore with its reasons
    job = create_job(kind="import_corpus", created_by=admin_user, enqueue=False)
    EvalRun.objects.create(name="eval", job=job)
    TrainingRun.objects.create(name="sft", kind="sft", base_model="tiny")
    calls = tmp_path / "calls.json"  # a policy file must exist at launch
    calls.write_text('{"tool_calls": []}')
    create_job(kind="episode", created_by=admin_user, enqueue=False, params={
        "task": "counter_reset", "arm": "dbg", "policy": f"script:{calls}", "max_turns": 5, "sandbox": "bwrap"})
    ours = [model for model in admin.site._registry if model._meta.app_label in ("catalog", "trajectories", "runs")]

    assert len(ours) == 12
    for model in ours:
        meta = model._meta
        listing = admin_client.get(f"/admin/{meta.app_label}/{meta.model_name}/")
        detail = admin_client.get(f"/admin/{meta.app_label}/{meta.model_name}/{model.objects.first().pk}/change/")
        assert (meta.label, listing.status_code, detail.status_code) == (meta.label, 200, 200)


def test_the_admin_shows_jobs_but_cannot_make_or_edit_them_around_the_services(admin_client, admin_user):
    job = create_job(kind="import_corpus", created_by=admin_user, enqueue=False)

    assert admin_client.get("/admin/runs/job/").status_code == 200
    assert admin_client.get("/admin/runs/job/add/").status_code == 403
    assert admin_client.post("/admin/runs/job/add/", {"kind": "import_corpus", "state": "succeeded"}).status_code == 403
    page = admin_client.get(f"/admin/runs/job/{job.pk}/change/")
    assert page.status_code == 200 and b'name="state"' not in page.content  # shown, not editable
    admin_client.post(f"/admin/runs/job/{job.pk}/change/", {"state": "succeeded", "kind": "eval"})
    job.refresh_from_db()
    assert (job.state, job.kind) == ("queued", "import_corpus")

    response = admin_client.post("/admin/runs/job/", {"action": "cancel", "_selected_action": [job.pk]})

    assert response.status_code == 302
    job.refresh_from_db()
    assert job.state == "cancelled"  # through cancel_job: its state change is recorded
    assert [e.data["to"] for e in job.events.filter(kind="state").order_by("seq")] == ["queued", "cancelled"]
