"""The suggested label stays hidden until the annotator labels: on the queue, and on the task page, the
task list and the label exports too (it was shown there while the queue hid it)."""

import json

import pytest

from webapp.catalog.models import Task
from webapp.catalog.services import add_preference_label, set_labeling_settings

pytestmark = pytest.mark.django_db


@pytest.fixture
def labelled(annotation_data, make_user):
    """bob labelled counter_reset 'avoid' and carl 'recommended' (meta.json says 'optional'): disputed;
    ann2 has labelled nothing. running_average's label contradicts its eval runs (a flag that names it)."""
    task = Task.objects.get(name="counter_reset")
    add_preference_label(task=task, annotator=annotation_data["bob"], preference="avoid", note="bob-was-here")
    add_preference_label(task=task, annotator=make_user("carl"), preference="recommended")  # now disputed
    return {**annotation_data, "ann": make_user("ann2", role="annotator"), "task": task}


def exported(client, kind: str) -> list[dict]:
    response = client.get(f"/export/{kind}.jsonl")
    assert response.status_code == 200
    return [json.loads(line) for line in b"".join(response.streaming_content).decode().splitlines() if line]


def test_an_annotator_who_has_not_labelled_sees_no_suggestion_anywhere(client, labelled):
    client.force_login(labelled["ann"])

    page = client.get("/tasks/counter_reset/").content.decode()
    listed = client.get("/").content.decode()
    by_label = client.get("/", {"label": "avoid"})

    assert "hidden until you label" in page and "bob-was-here" not in page and "meta.json says" not in page
    assert "hidden until you label" in listed and "disputed" not in listed.split("<tbody>")[1]
    assert len(by_label.context["tasks"]) == 4  # a filter on the label in force would be an oracle
    assert exported(client, "preferences") == [] and exported(client, "labels") == []
    assert "counter_reset" not in client.get("/labels/disagreements/").content.decode().split("<main")[-1]
    assert "running_average" not in client.get("/labels/contradictions/").content.decode().split("<main")[-1]
    flagged = client.get("/tasks/running_average/").content.decode()
    assert "⚑" not in listed and "⚑" not in flagged  # a contradiction flag names the label in force


def test_after_labelling_the_annotator_sees_that_tasks_suggestion_and_labels(client, labelled):
    add_preference_label(task=labelled["task"], annotator=labelled["ann"], preference="optional")
    client.force_login(labelled["ann"])

    page = client.get("/tasks/counter_reset/").content.decode()
    other = client.get("/tasks/cache_stale/").content.decode()

    assert "bob-was-here" in page and "meta.json says" in page
    assert "hidden until you label" in other
    assert [row["task"] for row in exported(client, "preferences")] == ["counter_reset"]
    assert {row["annotator"] for row in exported(client, "labels")} == {"bob", "carl", "ann2"}


def test_with_the_suggestion_shown_to_everyone_or_for_an_adjudicator_nothing_is_hidden(client, labelled):
    client.force_login(labelled["sam"])  # an admin adjudicates: sees every label
    assert len(exported(client, "preferences")) == 4
    assert "counter_reset" in client.get("/labels/disagreements/").content.decode().split("<main")[-1]
    assert "bob-was-here" in client.get("/tasks/counter_reset/").content.decode()

    set_labeling_settings(user=labelled["sam"], show_suggestion=True)
    client.force_login(labelled["ann"])
    assert len(exported(client, "preferences")) == 4
    assert "bob-was-here" in client.get("/tasks/counter_reset/").content.decode()
