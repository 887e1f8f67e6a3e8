"""export-sft checks each document again itself rather than trusting the folder that holds it: a rollout
must be verified and pass the policy, a demonstration must be verified and played by a person, a
microskill must be accepted by its evaluator. The documents are written by hand (no episode is played),
so each test breaks exactly one of these rules."""

from __future__ import annotations

import json

import pytest

from training.export import ExportConfig, ExportError, export_sft

TASK = "bulk_upload_batches"  # a real train-split task of the corpus


def document(*, verified: bool, passed: bool, source: str = "rollout", policy_kind: str = "scripted",
             accepted: bool = True) -> dict:
    """A stepwise.trajectory/1 document as a generator keeps it: its ``sft`` block and scoring verdict."""
    policy = {"version": "pdb_policy_v1", "score": 1.0 if passed else 0.2, "passed": passed,
              "hard_reasons": [], "features": {}}
    return {
        "schema": "stepwise.trajectory/1", "episode_id": f"{source}-{verified}-{passed}", "task": TASK,
        "split": "train", "arm": "dbg", "policy": {"kind": policy_kind, "model": None, "params": {}},
        "sandbox": "bwrap", "max_turns": 20, "started_at": "2026-11-29T10:00:00.000Z",
        "finished_at": "2026-11-29T10:00:05.000Z",
        "messages": [{"role": "system", "content": "Fix the bug."}, {"role": "user", "content": "go"}],
        "steps": [],
        "result": {"verified": verified, "exit_reason": "done", "tests": {"passed": 1, "failed": 0},
                   "patch": "", "reason": None},
        "quality": {"policy": policy},
        "sft": {"source": source, "verdict": {"accepted": accepted}},
    }


def source_folder(root, kind: str, doc: dict):
    folder = root / kind
    (folder / "accepted").mkdir(parents=True)
    (folder / "generation.json").write_text(json.dumps({"kind": kind, "settings": {}}))
    (folder / "accepted" / f"{TASK}.json").write_text(json.dumps(doc))
    return folder


@pytest.mark.parametrize("verified, passed", [(True, False), (False, True)])
def test_a_kept_rollout_that_is_not_verified_or_fails_the_policy_is_refused(tmp_path, verified, passed):
    folder = source_folder(tmp_path, "rollouts", document(verified=verified, passed=passed))

    with pytest.raises(ExportError, match="not a verified trajectory that passes the policy"):
        export_sft(ExportConfig(sources=[folder], out=tmp_path / "sft"))
    assert not (tmp_path / "sft").exists()


def test_a_demonstration_not_played_by_a_person_is_refused(tmp_path):
    doc = document(verified=True, passed=True, source="demonstration", policy_kind="scripted")
    folder = source_folder(tmp_path, "demonstrations", doc)

    with pytest.raises(ExportError, match="not played by a person"):
        export_sft(ExportConfig(sources=[folder], out=tmp_path / "sft"))


def test_a_microskill_its_evaluator_did_not_accept_is_refused(tmp_path):
    doc = document(verified=True, passed=True, source="microskill", accepted=False)
    folder = source_folder(tmp_path, "microskills", doc)

    with pytest.raises(ExportError, match="its microskill evaluator did not accept it"):
        export_sft(ExportConfig(sources=[folder], out=tmp_path / "sft"))


def test_a_verified_rollout_that_passes_the_policy_is_exported(tmp_path):
    folder = source_folder(tmp_path, "rollouts", document(verified=True, passed=True))

    result = export_sft(ExportConfig(sources=[folder], out=tmp_path / "sft"))

    assert result.rows == {"train": 1, "validation": 0}


def test_a_document_that_is_no_trajectory_or_has_no_sft_block_is_refused_naming_why(tmp_path):
    broken = source_folder(tmp_path, "rollouts", {"schema": "stepwise.trajectory/1"})
    unkept = {**document(verified=True, passed=True)}
    del unkept["sft"]
    plain = source_folder(tmp_path / "plain", "rollouts", unkept)

    with pytest.raises(ExportError, match="not a stepwise.trajectory/1 document"):
        export_sft(ExportConfig(sources=[broken], out=tmp_path / "sft"))
    with pytest.raises(ExportError, match="bulk_upload_batches.json: no rollout 'sft' block; only examples kept by "
                                          "the generator can be exported$"):
        export_sft(ExportConfig(sources=[plain], out=tmp_path / "sft"))


def test_a_verified_demonstration_a_person_played_and_an_accepted_microskill_are_exported(tmp_path):
    played = source_folder(tmp_path, "demonstrations", document(verified=True, passed=True, source="demonstration",
                                                                policy_kind="human"))
    skill = {**document(verified=True, passed=True, source="microskill"), "episode_id": "skill-1"}
    skill["sft"] = {**skill["sft"], "skill": "inspect_locals"}
    exercised = source_folder(tmp_path, "microskills", skill)

    result = export_sft(ExportConfig(sources=[played, exercised], out=tmp_path / "sft", validation_fraction=0))

    assert result.rows == {"train": 2, "validation": 0}  # both kept (a fraction of 0 keeps them all in train)


def test_the_microskill_verdict_is_asked_of_microskills_only(tmp_path):
    rollout = document(verified=True, passed=True)
    rollout["sft"] = {"source": "rollout"}  # a rollout carries no evaluator's verdict
    folder = source_folder(tmp_path, "rollouts", rollout)

    assert export_sft(ExportConfig(sources=[folder], out=tmp_path / "sft")).rows["train"] == 1
    skill = document(verified=True, passed=True, source="microskill")
    del skill["sft"]["verdict"]
    with pytest.raises(ExportError, match="its microskill evaluator did not accept it"):
        export_sft(ExportConfig(sources=[source_folder(tmp_path / "m", "microskills", skill)], out=tmp_path / "s2"))
