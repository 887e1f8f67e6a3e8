"""What annotators of other labeling tools expect: the suggested label hidden until one labels
(and who may change that), a task's failing tests shown, as many files shown as the page counts, and
the review page's keys (their browser test: tests/webapp/browser/test_annotator_keys.py)."""

import json

import pytest

from tests.helpers.tasks import RESET_COUNTER, write_task
from webapp.catalog.models import LabelingSettings, Task
from webapp.catalog.selectors import labeling_settings
from webapp.catalog.services import add_preference_label, import_corpus, set_labeling_settings
from webapp.core.roles import NotAllowed
from webapp.trajectories.selectors import review_neighbours
from webapp.trajectories.services import add_trajectory_verdict

pytestmark = pytest.mark.django_db


def page(client, user, url):
    client.force_login(user)
    return client.get(url).content.decode()


def in_force_row(html: str) -> str:
    return html.split("<dt>In force</dt>", 1)[1].split("</dd>", 1)[0]


def test_the_suggested_label_is_hidden_on_the_queue_until_the_annotator_labelled(client, annotation_data, make_user):
    annotator = make_user("newcomer", role="annotator")
    assert labeling_settings().show_suggestion is False  # the default, before anyone saved a setting

    before = in_force_row(page(client, annotator, "/label/cache_stale/"))
    assert "hidden until you label" in before and "avoid" not in before  # meta.json says avoid

    # nor does the contradiction flag, which names the label ("labelled recommended, yet ...")
    contradicting = page(client, annotator, "/label/running_average/")
    assert "⚑" not in contradicting and "labelled recommended" not in contradicting
    assert "⚑" not in page(client, annotator, "/tasks/running_average/")  # nor the task page: blind until labelled

    add_preference_label(task=Task.objects.get(name="cache_stale"), annotator=annotator, preference="optional")
    after = in_force_row(page(client, annotator, "/label/cache_stale/"))
    assert "optional" in after and "hidden" not in after  # their own label decides now; nothing to anchor


def test_shown_to_everyone_when_a_researcher_says_so(client, annotation_data, make_user):
    annotator = make_user("newcomer", role="annotator")
    set_labeling_settings(user=make_user("res", role="researcher"), show_suggestion=True)
    row = in_force_row(page(client, annotator, "/label/cache_stale/"))
    assert "avoid" in row and "hidden" not in row


def test_only_researchers_and_admins_may_change_the_setting(client, make_user):
    annotator, researcher, admin = (make_user("a", role="annotator"), make_user("r", role="researcher"),
                                    make_user("b", role="admin"))
    with pytest.raises(NotAllowed, match="a \\(annotator\\) may not change how the labeling queue shows tasks; "
                                         "it takes the researcher role"):
        set_labeling_settings(user=annotator, show_suggestion=True)
    client.force_login(annotator)
    assert client.post("/labels/settings/", {"show_suggestion": "on"}).status_code == 403
    assert not LabelingSettings.objects.exists()

    client.force_login(researcher)
    response = client.post("/labels/settings/", {"show_suggestion": "on", "next": "/label/x/"})
    assert response.status_code == 302 and response["Location"] == "/label/x/"
    assert labeling_settings().show_suggestion is True and labeling_settings().updated_by == researcher
    client.force_login(admin)
    client.post("/labels/settings/", {"show_suggestion": "", "next": "https://elsewhere.example/"})
    assert labeling_settings().show_suggestion is False and LabelingSettings.objects.count() == 1


def test_the_setting_form_is_offered_only_to_those_who_may_change_it(client, annotation_data, make_user):
    assert 'action="/labels/settings/"' not in page(client, make_user("a", role="annotator"), "/label/cache_stale/")
    assert 'action="/labels/settings/"' in page(client, make_user("r", role="researcher"), "/label/cache_stale/")


def test_failing_tests_come_from_meta_json_or_the_validation_record_and_show_on_both_pages(client, corpus_root,
                                                                                          make_user, tmp_path):
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    write_task(corpus_root, "named_in_meta", shape=RESET_COUNTER, failing_tests=["test_counter.py::test_reset"])
    write_task(corpus_root, "unrecorded", shape=RESET_COUNTER)
    record = tmp_path / "failing_tests.json"
    record.write_text(json.dumps({"counter_reset": ["test_counter.py::test_reset", "test_counter.py::test_twice"],
                                  "named_in_meta": ["test_counter.py::test_other"]}))
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json", failing_tests_file=record)

    assert Task.objects.get(name="counter_reset").failing_tests == ["test_counter.py::test_reset",
                                                                     "test_counter.py::test_twice"]
    assert Task.objects.get(name="named_in_meta").failing_tests == ["test_counter.py::test_reset"]
    assert Task.objects.get(name="unrecorded").failing_tests == []
    user = make_user("ann", role="annotator")
    for url in ("/tasks/counter_reset/", "/label/counter_reset/"):
        html = page(client, user, url)
        assert "Failing tests" in html and "<code>test_counter.py::test_twice</code>" in html
    assert "Failing tests</h2>\n  <p class=\"muted\">Not recorded" in page(client, user, "/label/unrecorded/")


def test_the_pages_show_every_file_the_file_count_counts(client, annotation_data):
    task = Task.objects.get(name="running_average")  # buggy/stats_window.py and tests/test_stats_window.py
    assert task.file_count == 2
    for url in ("/tasks/running_average/", "/label/running_average/"):
        html = page(client, annotation_data["ann"], url)
        assert f"LOC in {task.file_count} files" in html
        assert html.count('<figure class="source">') == task.file_count
        assert "<figcaption>test_stats_window.py</figcaption>" in html


def test_the_review_page_has_keys_for_links_verdict_and_next_previous(client, annotation_data):
    dbg, base = annotation_data["dbg"], annotation_data["base"]
    html = page(client, annotation_data["ann"], f"/trajectories/{dbg.episode_id}/review/")
    assert 'data-key-item="link"' in html
    for key in ('data-key="y"', 'data-key="x"', 'data-key="u"', 'data-key="1"', 'data-key="2"', 'data-key="3"',
                'data-key="c"'):
        assert key in html
    assert 'data-key="n"' in html and f'href="/trajectories/{base.episode_id}/review/" data-key="n"' in html

    # the list's order is newest first: base, then dbg; n is the next one I have not reviewed (wrapping)
    ann = annotation_data["ann"]
    assert review_neighbours(trajectory=base, user=ann) == (None, dbg.episode_id)
    assert review_neighbours(trajectory=dbg, user=ann) == (base.episode_id, base.episode_id)
    add_trajectory_verdict(trajectory=dbg, verdict="relevant", reviewer=ann)
    assert review_neighbours(trajectory=base, user=ann) == (None, None)  # nothing left: the page links the overview


def test_the_migrations_give_the_researcher_role_the_setting_and_not_the_annotator():
    from django.contrib.auth.models import Group

    def codenames(role):
        return set(Group.objects.get(name=role).permissions.values_list("codename", flat=True))

    assert "change_labelingsettings" in codenames("researcher") and "change_labelingsettings" in codenames("admin")
    assert "change_labelingsettings" not in codenames("annotator")
