"""export-sft checks each document again itself rather than trusting the folder that holds it: a rollout
must be verified and pass the policy, a demonstration must be verified and played by a person, a
microskill must be accepted by its evaluator. The documents are written by hand (no episode is played),
so each test breaks exactly one of these rules."""

from __future__ import annotations

import json

import pytest

from corpus.task_splits import task_splits
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


# ---- the text a kept document would put in the dataset: no guidance, no heldout code -----------------
def with_message(doc: dict, text: str, episode_id: str, arm: str = "dbg") -> dict:
    """``doc`` played on ``arm`` whose assistant says ``text`` (what the dataset's row would hold)."""
    return {**doc, "episode_id": episode_id, "arm": arm,
            "messages": [*doc["messages"], {"role": "assistant", "content": f"Looking closer.\n{text}"}]}


def write_documents(root, docs: list[dict]):
    folder = root / "rollouts"
    (folder / "accepted").mkdir(parents=True)
    (folder / "generation.json").write_text(json.dumps({"kind": "rollouts", "settings": {}}))
    for doc in docs:
        (folder / "accepted" / f"{doc['episode_id']}.json").write_text(json.dumps(doc))
    return folder


def guidance_sentence(arm: str, starts: str) -> str:
    from corpus.format import resolve_task
    from training.datagen.guidance import guidance_for

    return next(line for line in guidance_for(resolve_task(TASK), arm).lines if line.startswith(starts))


def test_guidance_for_the_documents_own_arm_in_a_kept_rollout_is_refused_naming_the_file(tmp_path):
    """The export derives the guidance of each document's task *and arm* again: the debugger arm's
    label sentence is guidance there (and not on the base arm, so the arm must be the document's)."""
    said = guidance_sentence("dbg", "The task is labelled")
    folder = write_documents(tmp_path, [with_message(document(verified=True, passed=True), said, "leaky")])

    with pytest.raises(ExportError) as caught:
        export_sft(ExportConfig(sources=[folder], out=tmp_path / "sft"))

    assert str(caught.value) == (f"1 problem(s); nothing was written:\n  {folder}/accepted/leaky.json: generation "
                                 "guidance shows in messages[2].content: guidance sentence #1; re-run the generator "
                                 "for this task")
    assert not (tmp_path / "sft").exists()


def test_each_arm_of_a_task_is_checked_against_its_own_guidance(tmp_path):
    """Two documents of one task: the clean debugger-arm one first, then a base-arm one repeating the
    base arm's hint ("The cause shows near ..."), which the debugger arm's guidance does not hold."""
    from corpus.format import resolve_task
    from training.datagen.guidance import guidance_for

    hint = guidance_sentence("base", "The cause shows near")
    assert not any(hint in secret for secret in guidance_for(resolve_task(TASK), "dbg").secrets)
    clean = with_message(document(verified=True, passed=True), "The fix is in the batching.", "a-clean")
    leaky = with_message(document(verified=True, passed=True), hint, "b-leaky", arm="base")
    folder = write_documents(tmp_path, [clean, leaky])

    with pytest.raises(ExportError, match=r"^1 problem\(s\); nothing was written:\n  \S+/b-leaky\.json: generation "
                                          r"guidance shows in messages\[2\]\.content: guidance sentence #\d+;"):
        export_sft(ExportConfig(sources=[folder], out=tmp_path / "sft"))


def test_the_export_checks_the_text_it_writes_the_messages_not_the_step_records(tmp_path):
    """The dataset's row is the conversation (``sft_row``): a guidance sentence only in a step's record
    (which the row does not hold; the generator refuses such a candidate itself) does not stop the export,
    while the same sentence in a message does."""
    said = guidance_sentence("dbg", "The task is labelled")
    doc = document(verified=True, passed=True)
    doc["steps"] = [{"turn": 1, "tool": "read_file", "arguments": {"path": "uploader.py"}, "observation": said,
                     "duration_ms": 1.0}]
    folder = write_documents(tmp_path, [{**doc, "episode_id": "steps-only"}])

    assert export_sft(ExportConfig(sources=[folder], out=tmp_path / "sft")).rows == {"train": 1, "validation": 0}


def test_a_kept_rollout_that_copies_heldout_code_is_refused_naming_the_heldout_task(tmp_path):
    from corpus.format import TASKS_DIR
    from corpus.leakage import LeakageGuard, _meaningful_lines

    guard = LeakageGuard.from_corpus()
    copied_from, rel = min(guard.fingerprints.values())  # a heldout task's file
    lines = _meaningful_lines((TASKS_DIR / copied_from / rel).read_text(encoding="utf-8"))
    assert copied_from in guard.heldout and len(lines) >= 2
    copied = "\n".join(lines[:6])
    folder = write_documents(tmp_path, [with_message(document(verified=True, passed=True), copied, "copier")])

    with pytest.raises(ExportError) as caught:
        export_sft(ExportConfig(sources=[folder], out=tmp_path / "sft"))

    assert str(caught.value).startswith(f"1 problem(s); nothing was written:\n  {folder}/accepted/copier.json: "
                                        f"heldout task {copied_from!r} must not enter training or data generation: ")


def test_a_verified_rollout_of_a_real_or_generated_train_task_is_checked_against_its_own_task(tmp_path):
    registry = task_splits()
    real = next(name for name, split in sorted(registry.real().items()) if split == "train")
    generated = next(name for name, split in sorted(registry.generated().items()) if split == "train")
    folders = []
    for task in (real, generated):
        doc = {**document(verified=True, passed=True), "task": task, "episode_id": task}
        folder = source_folder(tmp_path / task, "rollouts", doc)
        folders.append(folder)

    result = export_sft(ExportConfig(sources=folders, out=tmp_path / "sft"))

    assert sum(result.rows.values()) == 2  # (the export holds a share of train tasks out for validation)


def test_a_document_of_a_task_no_corpus_holds_is_refused_naming_it(tmp_path):
    doc = {**document(verified=True, passed=True), "task": "no_such_task_anywhere"}
    folder = source_folder(tmp_path, "rollouts", doc)

    with pytest.raises(ExportError, match="its task 'no_such_task_anywhere' cannot be loaded from the corpus"):
        export_sft(ExportConfig(sources=[folder], out=tmp_path / "sft"))
