"""The pages annotators and reviewers work in, through the test client (the browser tests drive the
same pages with keys and clicks)."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.webapp.conftest import load_fixture_document, trajectory_document
from webapp.catalog.models import Adjudication, PreferenceLabel, Task
from webapp.catalog.services import add_preference_label, adjudicate, import_corpus
from webapp.trajectories.models import EditRelevanceReview
from webapp.trajectories.services import save_trajectory

pytestmark = pytest.mark.django_db


def logged_in(client, user):
    client.force_login(user)
    return client


def test_the_task_list_filters_sorts_and_shows_measured_solve_rates(client, annotation_data):
    ann = annotation_data["ann"]
    add_preference_label(task=Task.objects.get(name="cache_stale"), annotator=ann, preference="avoid")
    person = {**trajectory_document("session-1", task="running_average", verified=False),
              "policy": {"kind": "human", "model": None, "params": {"person": "ann"}}}
    save_trajectory(document=person)  # a person's live session measures no model
    logged_in(client, ann)

    everything = client.get("/")
    not_mine = client.get("/", {"mine": "none", "sort": "-name"})
    caching = client.get("/", {"category": "caching"})
    searched = client.get("/", {"q": "window"})

    assert [t.name for t in everything.context["tasks"]] == ["cache_stale", "counter_reset", "lock_owner",
                                                              "running_average"]
    assert [t.name for t in not_mine.context["tasks"]] == ["running_average", "lock_owner", "counter_reset"]
    assert [t.name for t in caching.context["tasks"]] == ["cache_stale"]
    assert [t.name for t in searched.context["tasks"]] == ["running_average"]
    measured = everything.context["tasks"][3]
    assert (measured.base_runs, measured.base_solved, measured.dbg_runs, measured.dbg_solved) == (1, 1, 1, 1)
    assert measured.flag == "labelled recommended, yet the debugger arm (100%) never beats the base arm (100%)"
    assert b"contradiction" in everything.content


@pytest.mark.slow
def test_the_task_list_makes_the_same_queries_for_more_tasks_and_trajectories(client, annotation_data, corpus_root):
    logged_in(client, annotation_data["ann"])
    client.get("/")
    with CaptureQueriesContext(connection) as few:
        client.get("/")
    for i in range(20):
        Task.objects.create(name=f"extra_{i:02}", category="state", description="d", preference="optional")
        save_trajectory(document=trajectory_document(f"extra-{i}", task=f"extra_{i:02}"))
    with CaptureQueriesContext(connection) as many:
        client.get("/")

    assert len(few) == len(many)


def test_the_task_page_shows_highlighted_files_without_maintainer_notes_the_fix_and_the_history(client, annotation_data):
    ann = annotation_data["ann"]
    task = Task.objects.get(name="running_average")
    add_preference_label(task=task, annotator=ann, preference="avoid", note="no <b>bold</b> claims")

    page = logged_in(client, ann).get("/tasks/running_average/")

    html = page.content.decode()
    assert '<span class="k">def</span>' in html  # Pygments
    assert "BUG" not in html.split("Fix and evidence")[0]
    assert "+            self.values.pop(0)" in html.replace("<span class=\"gi\">", "")
    assert "no &lt;b&gt;bold&lt;/b&gt; claims" in html
    assert [t.episode_id for t in page.context["trajectories"]] == ["ra-base-1", "ra-dbg-1"]


def test_the_queue_labels_as_the_logged_in_user_and_moves_on(client, annotation_data):
    ann, bob = annotation_data["ann"], annotation_data["bob"]
    logged_in(client, ann)

    assert client.get("/label/")["Location"] == "/label/cache_stale/"
    posted = client.post("/label/cache_stale/", {"preference": "avoid", "note": " thin ", "annotator": bob.pk})
    again = client.post("/label/cache_stale/", {"preference": "optional"})
    refused = client.post("/label/cache_stale/", {"preference": "maybe"})

    assert posted["Location"] == "/label/?after=cache_stale"
    assert client.get(posted["Location"])["Location"] == "/label/counter_reset/"
    assert again.status_code == 302 and refused.status_code == 400
    assert list(PreferenceLabel.objects.order_by("id").values_list("annotator__username", "preference", "note")) == [
        ("ann", "avoid", "thin"), ("ann", "optional", "")]  # append-only: the change is a second row
    assert Task.objects.get(name="cache_stale").preference_in_force == "optional"


def test_the_queue_says_so_when_everything_is_labelled(client, annotation_data):
    ann = annotation_data["ann"]
    for task in Task.objects.all():
        add_preference_label(task=task, annotator=ann, preference="optional")

    page = logged_in(client, ann).get("/label/")

    assert page.status_code == 200 and b"Nothing left to label" in page.content


def test_only_admins_adjudicate_and_the_adjudicated_label_is_what_exports_use(client, annotation_data):
    ann, bob, sam = annotation_data["ann"], annotation_data["bob"], annotation_data["sam"]
    task = Task.objects.get(name="counter_reset")
    add_preference_label(task=task, annotator=ann, preference="avoid")
    add_preference_label(task=task, annotator=bob, preference="recommended")

    refused = logged_in(client, bob).post("/labels/disagreements/counter_reset/", {"preference": "avoid"})
    with pytest.raises(PermissionError, match="only an admin"):
        adjudicate(task=task, adjudicator=ann, preference="avoid")
    listed = client.get("/labels/disagreements/")
    decided = logged_in(client, sam).post("/labels/disagreements/counter_reset/", {"preference": "recommended"})

    assert refused.status_code == 403 and not Adjudication.objects.filter(adjudicator=bob).exists()
    assert [t.name for t, _ in listed.context["disputed"]] == ["counter_reset"]
    assert decided.status_code == 302
    out = StringIO()
    call_command("export_labels", "--in-force", stdout=out)
    in_force = {row["task"]: row for row in map(json.loads, out.getvalue().splitlines())}
    assert in_force["counter_reset"] == {"task": "counter_reset", "preference": "recommended",
                                         "source": "adjudicated", "meta_preference": "optional"}
    history = StringIO()
    call_command("export_labels", stdout=history)
    assert [row["kind"] for row in map(json.loads, history.getvalue().splitlines())] == [
        "label", "label", "adjudication"]


def test_import_corpus_keeps_labels_and_follows_meta_json_only_for_unlabelled_tasks(annotation_data, corpus_root):
    add_preference_label(task=Task.objects.get(name="counter_reset"), annotator=annotation_data["ann"],
                         preference="avoid")
    for name in ("counter_reset", "lock_owner"):
        meta = json.loads((corpus_root / name / "meta.json").read_text())
        (corpus_root / name / "meta.json").write_text(json.dumps({**meta, "preference": "optional"}))

    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")

    rows = dict(Task.objects.values_list("name", "preference_in_force"))
    assert (rows["counter_reset"], rows["lock_owner"]) == ("avoid", "optional")
    assert PreferenceLabel.objects.count() == 1


def test_the_trajectory_list_filters_on_the_quality_fields(client, annotation_data):
    logged_in(client, annotation_data["ann"])

    def shown(**query):
        return [t.episode_id for t in client.get("/trajectories/", query).context["page"].object_list]

    assert shown() == ["ra-base-1", "ra-dbg-1"]
    assert shown(score_min="0.5") == ["ra-dbg-1"]
    assert shown(passed="no") == shown(rule="no_runtime_evidence") == ["ra-base-1"]
    assert shown(debugger_started="yes", edit_relevant="yes", model="qwen-coder-7b", arm="dbg") == ["ra-dbg-1"]
    assert shown(task="nothing_like_it") == []
    assert client.get("/trajectories/", {"score_min": "lots"}).status_code == 200  # a bad filter is ignored


def test_the_trajectory_list_ties_rows_to_their_evaluation_job_and_date(client, annotation_data):
    from webapp.runs.models import Episode, EvalRun, Job

    logged_in(client, annotation_data["ann"])
    scripted, _ = save_trajectory(document=trajectory_document("scripted-1"))  # no model: the column says scripted
    parent = Job.objects.create(kind="eval", params={})
    child = Job.objects.create(kind="episode", params={}, parent=parent)
    Episode.objects.create(job=child, episode_id="scripted-1", task_name="counter_reset", arm="dbg",
                           trajectory=scripted)
    smoke = EvalRun.objects.get(name="qwen smoke")
    other = EvalRun.objects.create(name="nightly", job=parent)
    other.trajectories.add(scripted)

    def shown(**query):
        page = client.get("/trajectories/", query)
        assert page.status_code == 200
        return sorted(t.episode_id for t in page.context["page"].object_list)

    assert shown(model="scripted") == ["scripted-1"]  # the model column's fallback is searchable
    assert "scripted" in client.get("/trajectories/").context["choices"]["models"]
    assert shown(eval=smoke.id) == ["ra-base-1", "ra-dbg-1"]
    assert shown(eval=other.id) == ["scripted-1"]
    assert shown(job=child.id) == shown(job=parent.id) == ["scripted-1"]  # its own job, or the eval's
    assert shown(started_from="2026-11-29", started_to="2026-11-29") == ["scripted-1"]
    assert shown(started_to="2020-01-01") == []
    refused = client.get("/trajectories/", {"started_from": "2026-12-01", "started_to": "2026-11-01"})
    assert "ends before it starts" in refused.content.decode()
    html = client.get("/trajectories/").content.decode()
    assert f'href="/evals/{smoke.id}/"' in html and f'href="/jobs/{child.id}/"' in html and "2026-11-29 10:00" in html
    assert ">scripted-1</code>" in html  # the whole id


@pytest.mark.slow
def test_the_trajectory_list_makes_the_same_queries_for_more_rows(client, annotation_data):
    logged_in(client, annotation_data["ann"])
    client.get("/trajectories/")
    with CaptureQueriesContext(connection) as few:
        client.get("/trajectories/")
    for i in range(60):
        save_trajectory(document=trajectory_document(f"more-{i}"))
    with CaptureQueriesContext(connection) as many:
        client.get("/trajectories/")

    assert len(few) == len(many)


def test_the_replay_escapes_program_output_and_links_each_step(client, annotation_data):
    page = logged_in(client, annotation_data["ann"]).get("/trajectories/ra-dbg-1/turn/14/")

    html = page.content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert(1)" not in html
    assert 'href="/trajectories/ra-dbg-1/turn/8/"' in html
    assert page.context["view"].step.turn == 14


def test_the_step_panel_is_a_fragment_for_htmx(client, annotation_data):
    panel = logged_in(client, annotation_data["ann"]).get("/trajectories/ra-dbg-1/turn/13/panel/")

    html = panel.content.decode()
    assert "<html" not in html and 'data-turn="13"' in html
    assert "self.values.pop(0)" in html and "Workspace diff" in html


def test_a_50_step_replay_makes_a_fixed_number_of_queries(client, annotation_data):
    steps = [{"turn": i + 1, "tool": "examine_locals", "arguments": {}, "observation": f"locals:\n  i = {i}",
              "position": ["counter.py", 1 + i % 3], "duration_ms": 1.0, "error": False} for i in range(50)]
    save_trajectory(document=trajectory_document("long", task="counter_reset", steps=steps))
    logged_in(client, annotation_data["ann"])
    client.get("/trajectories/long/")

    with CaptureQueriesContext(connection) as first:
        client.get("/trajectories/long/turn/1/")
    with CaptureQueriesContext(connection) as last:
        client.get("/trajectories/long/turn/50/")

    assert len(first) == len(last) <= 12


def test_searching_a_trajectory_jumps_to_the_first_match(client, annotation_data):
    page = logged_in(client, annotation_data["ann"]).get("/trajectories/ra-dbg-1/", {"q": "VALUE = 2"})

    assert page.context["matches"] == [8] and page.context["view"].step.turn == 8


def test_side_by_side_pairs_the_same_task_model_and_run(client, annotation_data):
    other_model = load_fixture_document("running_average_base.json")
    other_model.update(episode_id="other-model", policy={"kind": "openai", "model": "someone-else", "params": {}})
    save_trajectory(document=other_model)

    page = logged_in(client, annotation_data["ann"]).get("/trajectories/ra-base-1/side-by-side/")

    assert [r.trajectory.episode_id for r in page.context["pair"]] == ["ra-dbg-1", "ra-base-1"]
    assert len(page.context["rows"]) == 15 and page.context["rows"][5][1][1] is None


def test_review_decisions_are_stored_and_an_edit_before_its_observation_is_refused(client, annotation_data):
    logged_in(client, annotation_data["ann"])
    url = "/trajectories/ra-dbg-1/review/link/"

    confirmed = client.post(url, {"edit_turn": 13, "observation_turn": 9, "verdict": "relevant", "criterion": 2},
                            HTTP_HX_REQUEST="true")
    backwards = client.post(url, {"edit_turn": 5, "observation_turn": 9, "verdict": "relevant"}, HTTP_HX_REQUEST="true")
    no_turn = client.post(url, {"edit_turn": 13, "observation_turn": 99, "verdict": "relevant"}, HTTP_HX_REQUEST="true")
    verdict = client.post("/trajectories/ra-dbg-1/review/verdict/", {"verdict": "not_relevant", "note": "luck"})

    assert confirmed.status_code == 200 and b"decided-relevant" in confirmed.content
    assert backwards.status_code == 400 and b"must come before the edit" in backwards.content
    assert no_turn.status_code == 400 and b"no turn 99" in no_turn.content
    assert list(EditRelevanceReview.objects.values_list("observation_step__turn", "proposed")) == [(9, True)]
    assert verdict.status_code == 302
    annotation_data["dbg"].refresh_from_db()
    assert annotation_data["dbg"].reviewed_edit_relevant is False


def test_the_exports_answer_json_lines(client, annotation_data):
    add_preference_label(task=Task.objects.get(name="lock_owner"), annotator=annotation_data["ann"],
                         preference="recommended")
    logged_in(client, annotation_data["ann"])

    response = client.get("/export/labels.jsonl")
    preferences = client.get("/export/preferences.jsonl")

    assert response["Content-Disposition"] == 'attachment; filename="labels.jsonl"'
    rows = [json.loads(line) for line in b"".join(response.streaming_content).decode().splitlines()]
    assert [(r["task"], r["preference"]) for r in rows] == [("lock_owner", "recommended")]
    # blind like the queue: the preference in force of the one task ann labelled (test_blind_labels.py)
    assert len(b"".join(preferences.streaming_content).splitlines()) == 1


def test_annotators_cannot_use_the_admin_and_staff_cannot_edit_recorded_data(client, annotation_data):
    assert logged_in(client, annotation_data["ann"]).get("/admin/").status_code == 302
    sam = annotation_data["sam"]
    sam.is_superuser = True
    sam.save()
    label = add_preference_label(task=Task.objects.get(name="lock_owner"), annotator=sam, preference="avoid")
    logged_in(client, sam)

    assert client.get(f"/admin/catalog/preferencelabel/{label.pk}/delete/").status_code == 403
    assert client.get("/admin/trajectories/step/add/").status_code == 403
    assert client.get(f"/admin/trajectories/trajectory/{annotation_data['base'].pk}/delete/").status_code == 200


def test_a_trajectory_without_steps_or_task_still_opens_and_an_unknown_one_is_404(client, annotation_data):
    save_trajectory(document=trajectory_document("empty", task="never_imported", steps=[]))
    logged_in(client, annotation_data["ann"])

    for url in ("/trajectories/empty/", "/trajectories/empty/side-by-side/", "/trajectories/empty/review/"):
        assert client.get(url).status_code == 200, url
    assert b"no steps" in client.get("/trajectories/empty/").content
    assert client.get("/trajectories/nope/").status_code == 404
    assert client.get("/export/nothing.jsonl").status_code == 404


def test_the_measures_equal_fresh_counts_after_stores_deletes_and_rescores(annotation_data):
    """with_measures is one grouped join: labels beside it must not multiply its counts, and every
    store, overwrite, delete and rescore shows at once (each count checked against the rows themselves)."""
    from webapp.trajectories.models import NOT_MODEL_OUTCOMES, Trajectory
    from webapp.trajectories.selectors import measured_task_rows
    from webapp.trajectories.services import rescore_trajectories

    ann, bob = annotation_data["ann"], annotation_data["bob"]
    for annotator, preference in ((ann, "avoid"), (bob, "optional"), (ann, "optional")):
        add_preference_label(task=Task.objects.get(name="counter_reset"), annotator=annotator, preference=preference)
    cells = [("dbg", True, "done"), ("dbg", False, "done"), ("base", True, "done"), ("base", False, "crash"),
             ("dbg", True, "infra_error"), ("base", False, "limit")]
    for i, (arm, verified, exit_reason) in enumerate(cells * 2):
        task = ("counter_reset", "cache_stale")[i % 2]
        save_trajectory(document=trajectory_document(f"mix-{i}", task=task, arm=arm, verified=verified,
                                                     exit_reason=exit_reason))
    again = trajectory_document("mix-0", task="counter_reset", arm="dbg", verified=True, exit_reason="done")
    assert save_trajectory(document=again)[1] != "created"  # stored again: still one row
    save_trajectory(document={**trajectory_document("mix-human", task="counter_reset"),
                              "policy": {"kind": "human", "model": None, "params": {}}})
    Trajectory.objects.filter(episode_id__in=["mix-2", "mix-5"]).delete()
    rescore_trajectories()

    def fresh(task, arm=None, solved=False):
        rows = Trajectory.objects.filter(task=task)
        if arm is None:
            return rows.count()
        rows = rows.filter(arm=arm).exclude(exit_reason__in=NOT_MODEL_OUTCOMES).exclude(policy_kind="human")
        return rows.filter(verified=True).count() if solved else rows.count()

    rows = list(measured_task_rows(user=ann))
    assert Trajectory.objects.count() == 2 + 13 - 2
    for task in rows:
        assert task.trajectory_count == fresh(task), task.name
        for arm in ("base", "dbg"):
            runs, solved = getattr(task, f"{arm}_runs"), getattr(task, f"{arm}_solved")
            assert (runs, solved) == (fresh(task, arm), fresh(task, arm, solved=True)), (task.name, arm)
            assert getattr(task, f"{arm}_rate") == (solved / runs if runs else None)
    counter = next(task for task in rows if task.name == "counter_reset")
    assert counter.label_count == 3 and counter.trajectory_count == 6
