"""The bugs found by using the app as a new user would; each test failed before its fix."""

import re

import pytest
from django import forms
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from tests.helpers.tasks import RESET_COUNTER, write_task
from tests.webapp.conftest import trajectory_document
from webapp.catalog.models import PreferenceLabel, Task
from webapp.catalog.services import add_preference_label, import_corpus
from webapp.runs.models import TrainingRun
from webapp.trajectories.models import EditRelevanceReview
from webapp.trajectories.services import save_trajectory

pytestmark = pytest.mark.django_db


def change_form_data(response) -> dict:
    """What a browser would post back from an admin change page, unchanged."""
    data = {}
    form = response.context["adminform"].form
    for name, field in form.fields.items():
        value = form[name].value()
        if isinstance(field, forms.JSONField):
            value = field.prepare_value(value if not isinstance(value, str) else field.to_python(value))
        if value is not None:
            data[name] = value
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        management = formset.management_form
        for name in management.fields:
            data[management.add_prefix(name)] = management[name].value()
        for inline_form in formset.forms:
            for name in inline_form.fields:
                value = inline_form[name].value()
                if value is not None:
                    data[inline_form.add_prefix(name)] = value
    return data


def steps(count: int) -> list[dict]:
    return [{"turn": i + 1, "tool": "bash", "arguments": {"command": f"echo {i}"}, "observation": str(i),
             "position": None, "duration_ms": 1.0, "error": False} for i in range(count)]


def test_a_task_without_dependencies_can_be_saved_in_the_admin(admin_client):
    task = Task.objects.create(name="counter_reset", category="state", description="d", preference="optional",
                               dependencies=[], tags=[], meta={"name": "counter_reset"},
                               files={"buggy": {"a.py": "x = 1\n"}})
    page = admin_client.get(f"/admin/catalog/task/{task.pk}/change/")
    data = {**change_form_data(page), "description": "clearer"}

    response = admin_client.post(f"/admin/catalog/task/{task.pk}/change/", data)

    assert response.status_code == 302, response.context["adminform"].form.errors
    assert Task.objects.get().description == "clearer"


def test_a_training_run_with_the_default_config_can_be_saved_in_the_admin(admin_client):
    response = admin_client.post("/admin/runs/trainingrun/add/", {
        "name": "sft", "kind": "sft", "base_model": "tiny", "config": "{}", "output_dir": "", "metrics": "null"})

    assert response.status_code == 302, response.context["adminform"].form.errors
    assert TrainingRun.objects.get().config == {}


def test_a_label_cannot_be_edited_in_place_in_the_admin(admin_client, admin_user):
    task = Task.objects.create(name="t", category="state", description="d", preference="optional")
    label = add_preference_label(task=task, annotator=admin_user, preference="avoid", note="first look")

    admin_client.post(f"/admin/catalog/preferencelabel/{label.pk}/change/", {
        "task": task.pk, "annotator": admin_user.pk, "preference": "recommended", "note": "rewritten"})

    label.refresh_from_db()
    assert (label.preference, label.note) == ("avoid", "first look")


def test_a_preference_set_in_the_admin_is_a_label_and_survives_import_corpus(admin_client, admin_user, corpus_root):
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER, preference="recommended")
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")
    task = Task.objects.get(name="counter_reset")
    page = admin_client.get(f"/admin/catalog/task/{task.pk}/change/")
    data = {**change_form_data(page), "preference": "avoid", "new_label": "avoid", "new_label_note": "too easy"}

    admin_client.post(f"/admin/catalog/task/{task.pk}/change/", data)
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")

    labels = list(PreferenceLabel.objects.values_list("annotator__username", "preference", "note"))
    assert labels == [("admin", "avoid", "too easy")]
    assert Task.objects.get(name="counter_reset").preference_in_force == "avoid"


def test_the_task_admin_offers_no_empty_add_another_label_row(admin_client):
    task = Task.objects.create(name="t", category="state", description="d", preference="optional")

    page = admin_client.get(f"/admin/catalog/task/{task.pk}/change/")

    # The empty template row behind "Add another Preference label" (readonly fields only, so no input).
    assert b'id="labels-empty"' not in page.content


def test_the_admin_cannot_record_a_review_across_trajectories_or_backwards(admin_client, admin_user):
    one, _ = save_trajectory(document=trajectory_document("ep-1"))
    two, _ = save_trajectory(document=trajectory_document("ep-2"))

    admin_client.post("/admin/trajectories/editrelevancereview/add/", {
        "trajectory": one.pk, "observation_step": one.steps.get(index=1).pk,
        "edit_step": two.steps.get(index=2).pk, "verdict": "relevant", "reviewer": admin_user.pk, "note": ""})
    admin_client.post("/admin/trajectories/editrelevancereview/add/", {
        "trajectory": one.pk, "observation_step": one.steps.get(index=2).pk,
        "edit_step": one.steps.get(index=1).pk, "verdict": "relevant", "reviewer": admin_user.pk, "note": ""})

    assert not EditRelevanceReview.objects.exists()


def test_there_are_no_password_reset_pages_that_claim_to_send_mail(client):
    for path in ("/accounts/password_reset/", "/accounts/password_reset/done/"):
        assert client.get(path).status_code == 404


@override_settings(DEBUG=True)
def test_a_404_under_debug_does_not_show_the_url_list_to_anonymous_users(client):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert b"URLconf" not in response.content and b"healthz" not in response.content


def test_the_header_names_the_admin_site_and_the_user_once_each(admin_client):
    page = admin_client.get("/")

    header = re.search(rb"<header.*?</header>", page.content, re.S).group(0).decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", header).split())
    assert "admin admin" not in text
    assert "Admin site" in text and "admin" in text.replace("Admin site", "")


def test_the_favicon_is_served_to_everyone(client):
    response = client.get("/favicon.ico", follow=True)

    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/")


def test_the_home_page_counts_trajectories_whose_task_is_not_imported(admin_client):
    save_trajectory(document=trajectory_document("ep-orphan", task="not_imported_yet"))

    page = admin_client.get("/")

    assert b"1 trajectory" in page.content


@pytest.mark.slow
def test_the_admin_trajectory_page_makes_the_same_queries_for_30_or_60_steps(admin_client):
    short, _ = save_trajectory(document=trajectory_document("ep-30", steps=steps(30)))
    long, _ = save_trajectory(document=trajectory_document("ep-60", steps=steps(60)))
    admin_client.get(f"/admin/trajectories/trajectory/{short.pk}/change/")  # warm the per-process caches
    counts = []
    for trajectory in (short, long):
        with CaptureQueriesContext(connection) as queries:
            assert admin_client.get(f"/admin/trajectories/trajectory/{trajectory.pk}/change/").status_code == 200
        counts.append(len(queries))

    assert counts[0] == counts[1]
    assert counts[0] < 20


def test_the_admin_step_search_matches_observations_through_an_index(admin_client):
    for i in range(20):  # enough rows, with fresh statistics, for the planner to weigh its options
        save_trajectory(document=trajectory_document(f"ep-{i}", steps=steps(100)))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE trajectories_step")
    with CaptureQueriesContext(connection) as queries:
        assert admin_client.get("/admin/trajectories/step/", {"q": "needle"}).status_code == 200
    search = [q["sql"] for q in queries if "observation" in q["sql"] and "LIKE" in q["sql"]]

    assert search, "the step search no longer looks in observations"
    with connection.cursor() as cursor:
        # Leave PostgreSQL only the plans that look rows up by the searched text: on a table this small it
        # would rather walk everything, which is what took 1.3 s at 10,000 trajectories.
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_indexscan = off")
        cursor.execute("EXPLAIN " + search[-1])
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "step_observation_trgm" in plan, plan
