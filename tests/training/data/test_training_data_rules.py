"""The rules that decide what becomes training data, each pinned on hand-written documents (no episode
is played): which candidate a generator keeps (``judge_candidate``, ``best_candidate``), which episodes
people played count as demonstrations (``skip_reason``), and which split a task's rows go to, heldout
and unsplit tasks refused (``assign_splits``). The mutation run (scripts/mutation) counts on them."""

from __future__ import annotations

import pytest

from corpus.splits import hash_point, load_splits
from harness.trajectory import Trajectory
from training.datagen.summary import CandidateVerdict
from training.export.demonstrations import skip_reason
from training.export.splits import assign_splits
from training.rollouts.selection import best_candidate, judge_candidate

PASSING_POLICY = {"version": "pdb_policy_v1", "score": 0.9, "passed": True, "hard_reasons": [], "features": {}}


def trajectory(*, exit_reason: str = "done", verified: bool = True, policy: dict | None = PASSING_POLICY,
               played_by: str = "scripted", reason: str | None = None, **result_extra) -> Trajectory:
    return Trajectory.from_json({
        "schema": "stepwise.trajectory/1", "episode_id": "ep-1", "task": "bulk_upload_batches", "split": "train",
        "arm": "dbg", "policy": {"kind": played_by, "model": None, "params": {}}, "sandbox": "bwrap",
        "max_turns": 20, "started_at": "2026-11-29T10:00:00.000Z", "finished_at": "2026-11-29T10:00:05.000Z",
        "messages": [], "steps": [],
        "result": {"verified": verified, "exit_reason": exit_reason, "tests": {"passed": 1, "failed": 0},
                   "patch": "", "reason": reason, **result_extra},
        "quality": None if policy is None else {"policy": policy},
    })


def judged(leak: str | None = None, **shape) -> CandidateVerdict:
    return judge_candidate(trajectory(**shape), attempt=2, teacher="script:t.json", path="candidates/x.json",
                           leak=leak)


def reasons(verdict: CandidateVerdict) -> list[tuple[str, str]]:
    return list(zip(verdict.reasons, verdict.details, strict=True))


# ---- which candidate is kept ----------------------------------------------------------------------
def test_a_verified_candidate_that_passes_the_policy_and_ended_with_done_passes():
    verdict = judged()

    assert verdict.passed and verdict.reasons == [] and verdict.details == []
    assert (verdict.attempt, verdict.teacher, verdict.path, verdict.exit_reason, verdict.verified, verdict.score) == (
        2, "script:t.json", "candidates/x.json", "done", True, 0.9)


def test_an_episode_that_did_not_end_with_done_is_rejected_with_how_it_ended():
    assert reasons(judged(exit_reason="max_turns")) == [("exit_max_turns", "the episode ended with max_turns")]
    assert reasons(judged(exit_reason="error", reason="the sandbox died")) == [
        ("exit_error", "the episode ended with error: the sandbox died")]


def test_a_patch_the_scan_flagged_is_rejected_naming_the_first_three_lines():
    flagged = [{"file": "conftest.py", "line": n, "text": f"hook {n}"} for n in range(1, 5)]

    verdict = judged(suspicious_patch=flagged)

    assert reasons(verdict) == [("suspicious_patch", "the patch reaches into the test framework, the interpreter's "
                                 "exit or imports: conftest.py:1 hook 1; conftest.py:2 hook 2; conftest.py:3 hook 3")]
    assert judged(suspicious_patch=[]).passed  # an empty scan flagged nothing


def test_an_unverified_candidate_is_rejected():
    assert reasons(judged(verified=False)) == [("not_verified", "the independent verifier did not confirm the fix")]


def test_an_unscored_candidate_is_rejected():
    assert reasons(judged(policy=None)) == [("unscored", "the scoring seam gave no verdict")]


def test_each_hard_reason_of_the_policy_rejects_it_under_its_own_rule():
    policy = {**PASSING_POLICY, "passed": False, "hard_reasons": [
        {"rule": "fix_without_runtime_evidence", "message": "edited before looking"},
        {"rule": "debugger_on_an_avoid_task", "message": "the task is labelled avoid"}]}

    assert reasons(judged(policy=policy)) == [("fix_without_runtime_evidence", "edited before looking"),
                                              ("debugger_on_an_avoid_task", "the task is labelled avoid")]


def test_a_policy_verdict_without_hard_reasons_is_judged_by_passed_alone():
    policy = {"version": "pdb_policy_v1", "score": 0.8, "passed": True}

    assert judged(policy=policy).passed


def test_a_score_below_the_minimum_is_rejected_with_the_score():
    policy = {**PASSING_POLICY, "score": 0.3, "passed": False}

    assert reasons(judged(policy=policy)) == [("below_min_score", "policy score 0.3 is below the minimum")]


@pytest.mark.parametrize("invalid, words", [(1, "1 reply held"), (2, "2 replies held")])
def test_a_reply_with_no_usable_tool_call_rejects_it(invalid, words):
    policy = {**PASSING_POLICY, "features": {"invalid_replies": invalid}}

    assert reasons(judged(policy=policy)) == [("invalid_reply", f"{words} no usable tool call")]


def test_generation_guidance_left_in_the_document_rejects_it():
    assert reasons(judged(leak="messages[1]")) == [("guidance_leak", "generation guidance survived in messages[1]")]


def test_every_failed_rule_is_listed_not_only_the_first():
    verdict = judged(exit_reason="max_turns", verified=False, leak="messages[0]")

    assert verdict.reasons == ["exit_max_turns", "not_verified", "guidance_leak"]


def verdict_of(attempt: int, score: float | None, passed: bool = True) -> CandidateVerdict:
    return CandidateVerdict(attempt, "t", f"a{attempt}", "done", True, score, [] if passed else ["not_verified"])


def test_the_highest_scoring_passing_candidate_is_kept_the_earliest_on_a_tie():
    low, high, tie, failed = verdict_of(1, 0.5), verdict_of(2, 0.9), verdict_of(3, 0.9), verdict_of(4, 1.0, False)

    assert best_candidate([low, high, tie, failed]) is high
    assert best_candidate([tie, high]) is high  # the earlier attempt, whatever the order
    assert best_candidate([verdict_of(1, None), verdict_of(2, 0.1)]).attempt == 2  # no score counts as 0
    assert best_candidate([failed]) is None and best_candidate([]) is None


# ---- demonstrations ------------------------------------------------------------------------------
def test_only_a_verified_episode_a_person_played_is_a_demonstration():
    assert skip_reason(trajectory(played_by="human")) is None
    assert skip_reason(trajectory(played_by="scripted")) == "not played by a person (policy.kind is not human)"
    assert skip_reason(trajectory(played_by="human", verified=False)) == (
        "not verified: the verifier did not find the bug fixed")


def test_a_demonstration_is_held_to_the_rollout_rules_and_told_every_rule_it_broke():
    failing = {**PASSING_POLICY, "passed": False, "score": 0.2}

    assert skip_reason(trajectory(played_by="human", exit_reason="max_turns", policy=failing)) == (
        "kept out by the rollout rules: the episode ended with max_turns; policy score 0.2 is below the minimum")


# ---- splits of the SFT export ----------------------------------------------------------------------
SPLITS = {"a_train": "train", "b_validation": "validation", "c_heldout": "heldout"}


def test_heldout_and_unsplit_tasks_are_refused_with_what_to_do():
    out, refused = assign_splits(["c_heldout", "d_new", "a_train", "a_train"], splits=SPLITS)

    assert out == {"a_train": "train"}
    assert refused == {
        "c_heldout": "task 'c_heldout' is heldout: heldout tasks never enter training (they are the real test set); "
                     "drop its examples",
        "d_new": "task 'd_new' has no split; run 'python -m corpus split' (a task that turns out heldout must never "
                 "be trained on)"}


def test_train_stays_train_and_validation_stays_validation_by_default():
    assert assign_splits(["b_validation", "a_train"], splits=SPLITS) == (
        {"a_train": "train", "b_validation": "validation"}, {})


def test_a_validation_fraction_moves_the_train_tasks_whose_stable_hash_falls_below_it():
    names = [f"train_{i}" for i in range(40)]
    splits = dict.fromkeys(names, "train")

    out, _ = assign_splits(names, validation_fraction=0.5, splits=splits)

    moved = {name for name, split in out.items() if split == "validation"}
    assert moved == {name for name in names if hash_point(name, "sft-validation") < 0.5}
    assert 0 < len(moved) < len(names)
    assert assign_splits(names, validation_fraction=0.0, splits=splits)[0] == dict.fromkeys(names, "train")


def test_without_splits_given_the_committed_file_decides():
    committed = load_splits()
    heldout = next(name for name, split in sorted(committed.items()) if split == "heldout")
    train = next(name for name, split in sorted(committed.items()) if split == "train")

    out, refused = assign_splits([heldout, train])

    assert out == {train: "train"} and list(refused) == [heldout]
