"""The label proposed by measurement (meta.json ``measured``) beside the author's: in the task list and on
the labeling page, hidden from an annotator until they labelled, as the suggested label is."""

import pytest

from tests.helpers.tasks import RESET_COUNTER, write_task
from webapp.catalog.models import Task
from webapp.catalog.services import add_preference_label, import_corpus, set_labeling_settings

pytestmark = pytest.mark.django_db

MEASURED = {"preference": "recommended", "rule": "divergence_label/1", "why": "far and not shown",
            "mechanism": "value", "divergence": {"calls": 7, "files": 3, "shown": False}}


@pytest.fixture
def measured_task(corpus_root):
    write_task(corpus_root, "ledger_drift", shape=RESET_COUNTER, preference="avoid", measured=MEASURED)
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")
    return Task.objects.get(name="ledger_drift")


def row(html: str, header: str) -> str:
    return html.split(f"<dt>{header}</dt>", 1)[1].split("</dd>", 1)[0]


def quality_cell(html: str) -> str:
    return html.split('data-label="quality">', 1)[1].split("</td>", 1)[0]


def test_an_annotator_sees_the_measured_label_only_after_labelling(client, measured_task, make_user):
    annotator = make_user("newcomer", role="annotator")
    client.force_login(annotator)

    before_page = client.get("/label/ledger_drift/").content.decode()
    before_list = client.get("/").content.decode()
    assert "hidden until you label" in row(before_page, "Proposed by measurement")
    assert "recommended" not in quality_cell(before_list) and "hidden until you label" in quality_cell(before_list)

    add_preference_label(task=measured_task, annotator=annotator, preference="optional")
    after = row(client.get("/label/ledger_drift/").content.decode(), "Proposed by measurement")
    assert "recommended" in after and "7 calls, 3 files" in after and "divergence_label/1" in after
    assert "recommended" in quality_cell(client.get("/").content.decode())


def test_everyone_sees_it_when_a_researcher_shows_suggestions(client, measured_task, make_user):
    set_labeling_settings(user=make_user("res", role="researcher"), show_suggestion=True)
    client.force_login(make_user("newcomer", role="annotator"))

    assert "recommended" in quality_cell(client.get("/").content.decode())


def test_a_task_without_a_measurement_says_so(client, corpus_root, make_user):
    write_task(corpus_root, "plain", shape=RESET_COUNTER)
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")
    set_labeling_settings(user=make_user("res", role="researcher"), show_suggestion=True)
    client.force_login(make_user("newcomer", role="annotator"))

    assert "not measured" in quality_cell(client.get("/").content.decode())
