"""Best-of-N rollouts: four scripted candidates per task (a clean fix, a blind fix, done without a
fix, the debugger misused), played in real sandboxes and judged by pdb_policy_v1 through the scoring
seam. Exactly the clean candidates are kept, with their metadata; a rerun does nothing; heldout tasks
are refused."""

from __future__ import annotations

import json
import os

import pytest

from corpus.task_splits import task_splits
from harness.trajectory import Trajectory
from tests.helpers.split_registries import heldout_generated
from tests.training.data.conftest import CANDIDATES, TASKS, teacher_spec
from training.cli.rollouts import main as rollouts_main
from training.datagen.errors import DataGenerationError
from training.datagen.tasks import select_tasks
from training.rollouts import RolloutConfig, run_rollouts

# Why each kept-out candidate was refused: one rule each at least, straight from pdb_policy_v1's verdict.
EXPECTED_REASONS = {
    ("bulk_upload_batches", "blind_fix"): {"edit_without_read", "recommended_without_inspection"},
    ("bulk_upload_batches", "done_without_fix"): {"not_verified", "done_without_verification"},
    ("bulk_upload_batches", "debugger_misuse"): {"recommended_without_inspection", "debugger_did_not_inform_edit"},
    ("sensor_summary_reuse", "blind_fix"): {"edit_without_read"},
    ("sensor_summary_reuse", "done_without_fix"): {"not_verified", "done_without_verification"},
    ("sensor_summary_reuse", "debugger_misuse"): {"avoid_opened_debugger"},
    ("catalog_page_count", "blind_fix"): {"edit_without_read"},
    ("catalog_page_count", "done_without_fix"): {"not_verified", "done_without_verification"},
    ("catalog_page_count", "debugger_misuse"): {"avoid_opened_debugger"},
}


@pytest.mark.slow
def test_only_the_clean_candidate_of_each_task_is_kept_with_its_metadata(scripted_rollouts):
    result, progress = scripted_rollouts
    out = result.out
    assert sorted(p.stem for p in (out / "accepted").glob("*.json")) == sorted(TASKS)
    for task in TASKS:
        outcome = json.loads((out / "outcomes" / f"{task}.json").read_text())
        assert outcome["kept"] is True and outcome["kept_attempt"] == 4
        by_teacher = {c["teacher"]: c for c in outcome["candidates"]}
        assert list(by_teacher) == [teacher_spec(n) for n in CANDIDATES]  # attempt k played by teacher k
        for name in CANDIDATES[:3]:
            candidate = by_teacher[teacher_spec(name)]
            assert candidate["passed"] is False
            assert EXPECTED_REASONS[(task, name)] <= set(candidate["reasons"]), (task, name, candidate["reasons"])
        clean = by_teacher[teacher_spec("clean")]
        assert clean["passed"] is True and clean["reasons"] == [] and clean["score"] == 1.0

        doc = Trajectory.load(out / "accepted" / f"{task}.json")
        assert doc.result.verified is True and doc.quality["policy"]["passed"] is True
        sft = doc.extra["sft"]
        assert sft["source"] == "rollout" and sft["skill"] is None
        assert sft["teacher"] == teacher_spec("clean") and sft["attempt"] == 4 and sft["candidates"] == 4
        assert sft["quality_score"] == 1.0 and sft["policy_version"] == "pdb_policy_v1"
        assert sft["preference"] == doc.extra["preference"]
    bulk = json.loads((out / "accepted" / "bulk_upload_batches.json").read_text())["sft"]
    assert bulk["preference"] == "recommended"
    assert bulk["preferred_debugger_tools"][:3] == ["start_debugger", "add_breakpoint", "continue_execution"]
    assert {"start_debugger", "add_breakpoint", "continue_execution", "print_variable"} <= set(bulk["debugger_tools_used"])
    sensor = json.loads((out / "accepted" / "sensor_summary_reuse.json").read_text())["sft"]
    assert sensor["preference"] == "avoid" and sensor["preferred_debugger_tools"] == []
    assert sensor["debugger_tools_used"] == []  # the avoid label is honoured: the debugger stayed closed

    summary = result.summary
    assert (summary.planned, summary.tried, summary.kept, summary.rejected, summary.skipped) == (3, 3, 3, 0, 0)
    assert summary.candidates == summary.played == 12 and summary.passing == 3
    assert summary.reasons["avoid_opened_debugger"] == 2 and summary.reasons["not_verified"] == 3
    table = (out / "summary.md").read_text()
    assert "| rejected: avoid_opened_debugger | 2 |" in table and "| kept | 3 |" in table
    assert [p.phase for p in progress][0] == "started" and progress[-1].phase == "finished"
    assert sorted(p.job for p in progress if p.phase == "running") == sorted(TASKS)
    assert progress[-1].done == progress[-1].total == 3 and progress[-1].percent == 100.0


@pytest.mark.slow  # its fixture scripted_rollouts plays twelve episodes in real sandboxes (~9 s)
def test_a_second_run_plays_nothing_and_changes_nothing(scripted_rollouts, capsys):
    result, _ = scripted_rollouts
    before = {p: p.stat().st_mtime_ns for p in (result.out / "accepted").rglob("*.json")}
    before |= {p: p.stat().st_mtime_ns for p in (result.out / "candidates").rglob("*.json")}
    again = run_rollouts(RolloutConfig(teachers=[teacher_spec(n) for n in CANDIDATES], out=result.out, tasks=TASKS,
                                       best_of=4, workers=2, progress_bar=False))
    assert (again.summary.tried, again.summary.played, again.summary.skipped) == (0, 0, 3)
    assert again.summary.kept_in_folder == 3
    after = {p: p.stat().st_mtime_ns for p in before}
    assert after == before
    # The command line says the same.
    arguments = [arg for name in CANDIDATES for arg in ("--teacher", teacher_spec(name))]
    code = rollouts_main([*arguments, "--tasks", ",".join(TASKS), "--out", str(result.out), "--no-progress"])
    printed = capsys.readouterr().out
    assert code == 0 and "| tried now | 0 |" in printed and "| finished by an earlier run | 3 |" in printed
    # Resuming with other settings would mix two experiments in one folder: refused.
    with pytest.raises(DataGenerationError, match="best_of=4"):
        run_rollouts(RolloutConfig(teachers=[teacher_spec("clean")], out=result.out, tasks=TASKS, best_of=2,
                                   progress_bar=False))


@pytest.mark.slow
def test_an_interrupted_task_resumes_from_its_finished_candidates(scripted_rollouts, tmp_path):
    import shutil

    result, _ = scripted_rollouts
    out = tmp_path / "copy"
    shutil.copytree(result.out, out)
    # As if the run stopped while candidate 4 of catalog_page_count was playing.
    (out / "outcomes" / "catalog_page_count.json").unlink()
    (out / "accepted" / "catalog_page_count.json").unlink()
    (out / "candidates" / "catalog_page_count" / "attempt-4.json").unlink()
    again = run_rollouts(RolloutConfig(teachers=[teacher_spec(n) for n in CANDIDATES], out=out, tasks=TASKS,
                                       best_of=4, workers=1, progress_bar=False))
    assert (again.summary.tried, again.summary.played, again.summary.candidates) == (1, 1, 4)
    assert again.summary.kept == 1 and (out / "accepted" / "catalog_page_count.json").is_file()


def test_heldout_tasks_are_refused_before_anything_runs(tmp_path, capsys):
    out = tmp_path / "out"
    with pytest.raises(DataGenerationError, match="heldout tasks never enter training"):
        run_rollouts(RolloutConfig(teachers=[teacher_spec("clean")], out=out, split="heldout", progress_bar=False))
    with pytest.raises(DataGenerationError, match="'batch_scheduler_release' is heldout and is refused"):
        run_rollouts(RolloutConfig(teachers=[teacher_spec("clean")], out=out, split=None,
                                   tasks=["bulk_upload_batches", "batch_scheduler_release"], progress_bar=False))
    assert not out.exists()  # nothing was written, nothing was played
    code = rollouts_main(["--teacher", teacher_spec("clean"), "--split", "heldout", "--out", str(out)])
    assert code == 2 and "heldout" in capsys.readouterr().err and not out.exists()


def test_heldout_real_or_generated_tasks_are_refused_like_hand_written_ones(tmp_path):
    committed = task_splits()
    real = next(name for name, split in sorted(committed.real().items()) if split == "heldout")
    out = tmp_path / "out"
    with pytest.raises(DataGenerationError, match=f"'{real}' is heldout and is refused"):
        run_rollouts(RolloutConfig(teachers=[teacher_spec("clean")], out=out, split=None,
                                   tasks=["bulk_upload_batches", real], progress_bar=False))
    assert not out.exists()
    registry, generated = heldout_generated(tmp_path)
    with pytest.raises(DataGenerationError, match=f"'{generated}' is heldout and is refused"):
        select_tasks(split=None, names=[generated], registry=registry)
    # A train generated task is named like any other; a split draws from the origins asked for.
    generated_train = committed.in_split("train", ["generated"])
    assert [t.name for t in select_tasks(split="train", names=generated_train[:1])] == generated_train[:1]
    assert [t.name for t in select_tasks(split="train", origins=["generated"])] == generated_train
    with pytest.raises(DataGenerationError, match="no train tasks found"):
        select_tasks(split="train", origins=["generated"], registry=registry)


def test_a_bad_teacher_or_folder_is_refused_with_a_clear_message(tmp_path):
    with pytest.raises(DataGenerationError, match="teacher: script: .*missing.json: no such file"):
        run_rollouts(RolloutConfig(teachers=[f"script:{tmp_path / 'missing.json'}"], out=tmp_path / "a",
                                   tasks=["bulk_upload_batches"], progress_bar=False))
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    with pytest.raises(DataGenerationError, match="not empty and holds no generation.json"):
        run_rollouts(RolloutConfig(teachers=[teacher_spec("clean")], out=busy, tasks=["bulk_upload_batches"],
                                   progress_bar=False))
    assert os.listdir(busy) == ["notes.txt"]
