"""Trajectories: import by episode id (idempotent), steps as rows, reviews, export."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.helpers.tasks import RESET_COUNTER, write_task
from tests.webapp.conftest import trajectory_document, write_json
from webapp.catalog.services import import_corpus
from webapp.trajectories.models import EditRelevanceReview, Step, Trajectory
from webapp.trajectories.services import add_edit_relevance_review, save_trajectory

pytestmark = pytest.mark.django_db


def snapshot():
    return (list(Trajectory.objects.order_by("episode_id").values()),
            list(Step.objects.order_by("trajectory__episode_id", "index").values()))


def test_import_makes_queryable_columns_and_one_step_row_per_step(tmp_path):
    path = write_json(tmp_path / "ep-1.json", trajectory_document("ep-1"))

    call_command("import_trajectories", str(path), stdout=StringIO(), stderr=StringIO())

    row = Trajectory.objects.get(episode_id="ep-1")
    assert (row.task_name, row.task, row.arm, row.policy_kind, row.verified, row.exit_reason) == (
        "counter_reset", None, "dbg", "scripted", True, "done")
    assert (row.turns, row.debugger_started, row.started_at.isoformat()) == (3, True, "2026-11-29T10:00:00+00:00")
    assert row.document == trajectory_document("ep-1")
    steps = list(row.steps.order_by("index"))
    assert [(s.turn, s.tool) for s in steps] == [(0, "start_debugger"), (1, "print_variable"), (2, "edit_file")]
    assert (steps[1].position_file, steps[1].position_line, steps[1].duration_ms) == ("counter.py", 3, 8.0)
    assert (steps[2].position_file, steps[2].position_line, steps[2].arguments["new_string"]) == ("", None, "= 0")


def test_importing_twice_gives_the_same_rows(tmp_path):
    write_json(tmp_path / "run" / "a.json", trajectory_document("ep-a"))
    write_json(tmp_path / "run" / "nested" / "b.json", trajectory_document("ep-b", arm="base"))
    call_command("import_trajectories", str(tmp_path / "run"), stdout=StringIO(), stderr=StringIO())
    before = snapshot()

    out = StringIO()
    call_command("import_trajectories", str(tmp_path / "run"), stdout=out, stderr=StringIO())

    assert snapshot() == before
    assert "0 created, 0 updated, 2 unchanged, 0 failed" in out.getvalue()


def test_bad_files_are_reported_by_path_and_the_good_ones_import(tmp_path):
    good = write_json(tmp_path / "good.json", trajectory_document("ep-good"))
    torn = tmp_path / "torn.json"
    torn.write_text('{"schema": "stepwise.trajectory/1", "episode_id": ')
    wrong = write_json(tmp_path / "wrong.json", {**trajectory_document("ep-wrong"), "arm": "gdb"})
    missing = tmp_path / "absent.json"
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    out, err = StringIO(), StringIO()

    with pytest.raises(CommandError) as failure:
        call_command("import_trajectories", str(good), str(torn), str(wrong), str(missing), str(deep),
                     stdout=out, stderr=err)

    assert failure.value.returncode == 1
    messages = err.getvalue()
    assert f"{torn}: not valid JSON" in messages
    assert f"{wrong}: not a stepwise.trajectory/1 document: arm: 'gdb' is not one of ['base', 'dbg']" in messages
    assert f"{missing}: no such file or folder" in messages
    assert f"{deep}: nested too deeply to be a trajectory document" in messages
    assert "1 created, 0 updated, 0 unchanged, 4 failed" in out.getvalue()
    assert list(Trajectory.objects.values_list("episode_id", flat=True)) == ["ep-good"]


def test_a_trajectory_whose_task_comes_later_is_kept_and_linked_on_import(tmp_path, corpus_root):
    save_trajectory(document=trajectory_document("ep-early", task="counter_reset"))
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)

    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")

    assert Trajectory.objects.get(episode_id="ep-early").task.name == "counter_reset"


def test_nul_characters_in_program_output_do_not_lose_the_trajectory():
    steps = [{"turn": 0, "tool": "bash", "arguments": {"command": "cat bin"}, "observation": "a\x00b"}]

    trajectory, _ = save_trajectory(document=trajectory_document("ep-nul", steps=steps))

    assert trajectory.steps.get().observation == "a\ufffdb"


def test_export_trajectories_writes_the_documents_as_json_lines(tmp_path):
    save_trajectory(document=trajectory_document("ep-1"))
    save_trajectory(document=trajectory_document("ep-2", task="other_task"))
    out_file = tmp_path / "out" / "all.jsonl"

    call_command("export_trajectories", "--out", str(out_file), stderr=StringIO())
    only = StringIO()
    call_command("export_trajectories", "--task", "other_task", stdout=only)

    exported = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert exported == [trajectory_document("ep-1"), trajectory_document("ep-2", task="other_task")]
    assert [json.loads(line)["episode_id"] for line in only.getvalue().splitlines()] == ["ep-2"]


def test_a_review_links_an_observation_step_to_a_later_edit_step(make_user):
    trajectory, _ = save_trajectory(document=trajectory_document("ep-1"))
    observed, edited = trajectory.steps.get(index=1), trajectory.steps.get(index=2)

    review = add_edit_relevance_review(trajectory=trajectory, observation_step=observed, edit_step=edited,
                                       verdict="relevant", reviewer=make_user("rev"), note="n was 1")

    assert list(trajectory.reviews.all()) == [review]
    assert (review.observation_step.tool, review.edit_step.tool) == ("print_variable", "edit_file")


def test_a_review_with_steps_in_the_wrong_order_or_trajectory_is_refused(make_user):
    one, _ = save_trajectory(document=trajectory_document("ep-1"))
    two, _ = save_trajectory(document=trajectory_document("ep-2"))
    reviewer = make_user("rev")

    with pytest.raises(ValueError, match=r"the observation \(step 2\) must come before the edit \(step 1\)"):
        add_edit_relevance_review(trajectory=one, observation_step=one.steps.get(index=2),
                                  edit_step=one.steps.get(index=1), verdict="relevant", reviewer=reviewer)
    with pytest.raises(ValueError, match=r"edit_step \(step 2\) belongs to another trajectory"):
        add_edit_relevance_review(trajectory=one, observation_step=one.steps.get(index=1),
                                  edit_step=two.steps.get(index=2), verdict="relevant", reviewer=reviewer)
    assert not EditRelevanceReview.objects.exists()


def test_a_lone_surrogate_a_model_sent_does_not_lose_the_trajectory():
    """Issue 17: a model's edit_file with new_string "\ud800" (no UTF-8 form; PostgreSQL's jsonb refuses it)."""
    steps = [{"turn": 1, "tool": "edit_file", "arguments": {"file_path": "a.py", "old_string": "x",
                                                           "new_string": "y\ud800"},
              "observation": "Error: new_string is not valid text"},
             {"turn": 2, "tool": "bash", "arguments": {"command": "echo \U0001F600"}, "observation": "\U0001F600"}]

    trajectory, _ = save_trajectory(document=trajectory_document("ep-surrogate", steps=steps))

    stored = trajectory.steps.order_by("turn")
    assert stored[0].arguments["new_string"] == "y\ufffd"
    assert stored[1].observation == "\U0001F600"  # a real character outside the BMP is kept as it is


@pytest.mark.django_db
def test_a_turn_the_trajectory_does_not_have_is_a_404_naming_its_turns(client, make_user):
    from tests.webapp.conftest import trajectory_document
    from webapp.trajectories.services import save_trajectory

    save_trajectory(document=trajectory_document("ep-turns"))
    client.force_login(make_user("ann", role="annotator"))

    missing = client.get("/trajectories/ep-turns/turn/999/")
    panel = client.get("/trajectories/ep-turns/turn/999/panel/")

    assert missing.status_code == panel.status_code == 404
    assert "has no turn 999; its turns are 0 to 2" in missing.content.decode()
    assert client.get("/trajectories/ep-turns/turn/2/").status_code == 200


@pytest.mark.django_db
def test_the_model_filter_finds_a_part_of_the_name_in_any_case(client, make_user):
    from tests.webapp.conftest import trajectory_document
    from webapp.trajectories.services import save_trajectory

    for episode, model in (("ep-qwen", "Qwen/Qwen2.5-Coder-7B"), ("ep-other", "llama-3")):
        document = trajectory_document(episode)
        document["policy"] = {"kind": "openai", "model": model, "params": {}}
        save_trajectory(document=document)
    client.force_login(make_user("ann", role="annotator"))

    page = client.get("/trajectories/", {"model": "qwen2.5-coder"}).content.decode()

    assert "ep-qwen" in page and "ep-other" not in page
