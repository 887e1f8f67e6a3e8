"""Preference labels: every label kept; current label, history and agreement derived."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from webapp.catalog.models import PreferenceLabel, Task
from webapp.catalog.selectors import current_label, label_agreement, label_history, latest_labels_by_annotator
from webapp.catalog.services import add_preference_label

pytestmark = pytest.mark.django_db


def make_task(name: str) -> Task:
    return Task.objects.create(name=name, category="state", description="d", preference="optional")


def test_every_label_is_kept_and_the_newest_is_current(make_user):
    task, ann, bob = make_task("counter_reset"), make_user("ann"), make_user("bob")
    add_preference_label(task=task, annotator=ann, preference="avoid", note="too easy")
    add_preference_label(task=task, annotator=bob, preference="optional")
    add_preference_label(task=task, annotator=ann, preference="recommended", note="changed my mind")

    history = [(label.annotator.username, label.preference) for label in label_history(task=task)]

    assert history == [("ann", "avoid"), ("bob", "optional"), ("ann", "recommended")]
    assert current_label(task=task).preference == "recommended"
    latest = latest_labels_by_annotator(task=task)
    assert {name: label.preference for name, label in latest.items()} == {"ann": "recommended", "bob": "optional"}


def test_a_task_nobody_labelled_has_no_current_label():
    assert current_label(task=make_task("unlabelled")) is None


def test_an_unknown_preference_is_refused_with_the_allowed_values(make_user):
    with pytest.raises(ValueError, match="'maybe' is not one of recommended, optional, avoid"):
        add_preference_label(task=make_task("t"), annotator=make_user("ann"), preference="maybe")
    assert not PreferenceLabel.objects.exists()


def test_agreement_uses_each_annotators_newest_label(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    t1, t2, t3 = make_task("t1"), make_task("t2"), make_task("t3")
    add_preference_label(task=t1, annotator=ann, preference="avoid")
    add_preference_label(task=t1, annotator=ann, preference="recommended")  # supersedes "avoid"
    add_preference_label(task=t1, annotator=bob, preference="recommended")
    add_preference_label(task=t2, annotator=ann, preference="avoid")
    add_preference_label(task=t2, annotator=bob, preference="optional")
    add_preference_label(task=t3, annotator=ann, preference="avoid")  # one rater: not compared

    agreement = label_agreement()

    assert (agreement.tasks_compared, agreement.annotators) == (2, 2)
    assert agreement.observed == pytest.approx(0.5)
    # Pooled: recommended 2/4, avoid 1/4, optional 1/4 -> chance 0.375; kappa = (0.5-0.375)/0.625.
    assert agreement.kappa == pytest.approx(0.2)


def test_agreement_with_nothing_to_compare_is_empty(make_user):
    add_preference_label(task=make_task("t1"), annotator=make_user("ann"), preference="avoid")

    agreement = label_agreement()

    assert (agreement.tasks_compared, agreement.observed, agreement.kappa) == (0, None, None)


def test_export_labels_writes_one_json_line_per_label(make_user, tmp_path):
    task, ann = make_task("counter_reset"), make_user("ann")
    add_preference_label(task=task, annotator=ann, preference="avoid", note="n1")
    add_preference_label(task=task, annotator=ann, preference="optional")
    stdout = StringIO()

    call_command("export_labels", stdout=stdout)
    call_command("export_labels", "--out", str(tmp_path / "labels.jsonl"), stderr=StringIO())

    lines = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [(row["task"], row["annotator"], row["preference"], row["note"]) for row in lines] == [
        ("counter_reset", "ann", "avoid", "n1"), ("counter_reset", "ann", "optional", "")]
    assert (tmp_path / "labels.jsonl").read_text() == stdout.getvalue()


def test_an_export_to_an_unwritable_place_is_a_clear_error(tmp_path):
    blocker = tmp_path / "a_file"
    blocker.write_text("")

    with pytest.raises(CommandError, match=r"a_file/labels.jsonl: cannot write the export .*; pick another --out"):
        call_command("export_labels", "--out", str(blocker / "labels.jsonl"))
