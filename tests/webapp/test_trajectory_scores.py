"""Score verdicts in the database: import stores a document's quality as a score with queryable
reasons; rescoring under a new version keeps the old verdicts, the steps and their reviews."""

import importlib
import json
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command

from harness.scoring import TaskMeta, score_trajectory
from tests.helpers.tasks import RESET_COUNTER, write_task
from tests.webapp.conftest import trajectory_document, write_json
from webapp.catalog.services import import_corpus
from webapp.trajectories.models import ScoreReason, Trajectory, TrajectoryScore
from webapp.trajectories.selectors import scored_trajectories, scores_of
from webapp.trajectories.services import add_edit_relevance_review, rescore_trajectories, save_trajectory

pytestmark = pytest.mark.django_db

READ = {"turn": 0, "tool": "bash", "arguments": {"command": "sed -n '1,20p' counter.py"},
        "observation": "def reset(state):\n    state['n'] = 1\n    return state", "position": None,
        "duration_ms": 5.0, "error": False}


def scored_document(episode_id="ep-1", **kwargs) -> dict:
    """The fixture document with its quality record from the real scorer (header-only task meta)."""
    doc = trajectory_document(episode_id, **kwargs)
    doc["quality"] = score_trajectory(doc, TaskMeta.from_document(doc)).to_json()
    return doc


def test_import_stores_the_score_and_each_reason_as_rows(tmp_path):
    doc = scored_document()
    write_json(tmp_path / "ep-1.json", doc)

    call_command("import_trajectories", str(tmp_path), stdout=StringIO(), stderr=StringIO())

    (score,) = TrajectoryScore.objects.all()
    policy = doc["quality"]["policy"]
    assert (score.policy_version, score.edit_relevance_version) == ("pdb_policy_v1", "edit_relevance_v1")
    assert (score.score, score.passed, score.verified) == (policy["score"], False, True)
    rules = sorted(ScoreReason.objects.filter(kind="hard").values_list("rule", flat=True))
    assert rules == sorted(r["rule"] for r in policy["hard_reasons"]) and "edit_without_read" in rules
    reason = ScoreReason.objects.get(rule="edit_without_read")
    assert reason.turns == [2] and "counter.py was edited at turn 2" in reason.message
    assert list(scored_trajectories(policy_version="pdb_policy_v1", rule="edit_without_read")) == \
        [Trajectory.objects.get(episode_id="ep-1")]
    assert not scored_trajectories(policy_version="pdb_policy_v1", passed=True).exists()
    assert Trajectory.objects.get().document == doc  # the document itself is stored as it came


def test_rescoring_with_a_new_version_keeps_the_old_verdict_and_the_reviews(make_user):
    trajectory, _ = save_trajectory(document=scored_document())
    review = add_edit_relevance_review(trajectory=trajectory, observation_step=trajectory.steps.get(index=1),
                                       edit_step=trajectory.steps.get(index=2), verdict="relevant",
                                       reviewer=make_user("rev"))
    step_ids = sorted(trajectory.steps.values_list("id", flat=True))

    lenient = {"version": "pdb_policy_v1-lenient", "enforce_preference": False,
               "enforce_done_after_verification": False}
    report = rescore_trajectories(config=lenient)

    assert report.scored == ["ep-1"] and report.failed == []
    versions = [(s.policy_version, s.passed) for s in scores_of(trajectory=trajectory)]
    assert versions == [("pdb_policy_v1", False), ("pdb_policy_v1-lenient", False)]
    trajectory.refresh_from_db()
    assert trajectory.document["quality"]["policy"]["version"] == "pdb_policy_v1-lenient"
    assert sorted(trajectory.steps.values_list("id", flat=True)) == step_ids
    assert list(trajectory.reviews.all()) == [review]
    assert rescore_trajectories(config=lenient).unchanged == ["ep-1"]  # the same version again: no new row
    assert TrajectoryScore.objects.count() == 2


def test_score_trajectories_scores_with_the_stored_task_and_refuses_a_bad_config(tmp_path, corpus_root):
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")
    steps = [READ, *trajectory_document()["steps"]]
    for turn, step in enumerate(steps):
        step["turn"] = turn
    save_trajectory(document=trajectory_document("ep-1", steps=steps))  # recorded before scoring
    assert not TrajectoryScore.objects.exists()

    out = StringIO()
    call_command("score_trajectories", stdout=out, stderr=StringIO())

    assert "1 scored, 0 unchanged, 0 failed" in out.getvalue()
    quality = Trajectory.objects.get().document["quality"]
    (edit,) = quality["edit_relevance"]["edits"]
    assert (edit["file"], edit["lines"]) == ("counter.py", [2])  # placed by line: the stored task's source
    assert TrajectoryScore.objects.get().quality == quality
    config = tmp_path / "bad.json"
    config.write_text('{"version": "pdb_policy_v1", "blind_step_limit": 2}')
    with pytest.raises(CommandError, match="a changed rule needs a new version name") as failure:
        call_command("score_trajectories", "--config", str(config), stdout=StringIO(), stderr=StringIO())
    assert failure.value.returncode == 2


def test_a_malformed_quality_record_is_reported_and_the_trajectory_still_imports(tmp_path):
    doc = scored_document()
    doc["quality"]["policy"]["score"] = "high"
    path = write_json(tmp_path / "ep-1.json", doc)
    err = StringIO()

    call_command("import_trajectories", str(path), stdout=StringIO(), stderr=err)

    assert Trajectory.objects.filter(episode_id="ep-1").exists() and not TrajectoryScore.objects.exists()
    assert (f"{path}: imported, but quality not stored as a score: quality.policy.score: 'high' is not of type "
            "'number'") in err.getvalue()


def test_the_migration_gives_trajectories_stored_before_it_their_score_rows():
    save_trajectory(document=scored_document("ep-1"))
    save_trajectory(document=trajectory_document("ep-2"))  # unscored: nothing to carry over
    TrajectoryScore.objects.all().delete()
    migration = importlib.import_module("webapp.trajectories.migrations.0003_trajectory_scores")

    migration.scores_from_stored_documents(apps, None)

    (score,) = TrajectoryScore.objects.all()
    assert score.trajectory.episode_id == "ep-1" and score.reasons.filter(rule="edit_without_read").exists()


def test_an_export_carries_the_human_verdict_and_reports_prefer_it(tmp_path, make_user):
    from harness.eval.metrics import outcome_from_trajectory
    from webapp.trajectories.services import add_trajectory_verdict

    trajectory, _ = save_trajectory(document=scored_document())
    automatic = Trajectory.objects.get().document["quality"]["edit_relevant"]
    add_trajectory_verdict(trajectory=trajectory, verdict="relevant", reviewer=make_user("rev"))
    out_file = tmp_path / "all.jsonl"

    call_command("export_trajectories", "--out", str(out_file), stderr=StringIO())

    (exported,) = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert exported["quality"]["review"] == {"edit_relevant": True, "source": "human review"}
    assert exported["quality"]["edit_relevant"] == automatic is False
    assert outcome_from_trajectory(exported).edit_relevant is True
