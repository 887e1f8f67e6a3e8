"""Survivors reviewed by hand (corpus/quality/reviewed_survivors.json): every entry names a variant the
generator still makes for its task and says why it is no wrong fix; a reviewed survivor is no defect, an
unreviewed one fails its task (pure: nothing runs)."""

from __future__ import annotations

import json

import pytest

from corpus.format import TASKS_DIR, load_task
from corpus.materialize import strip_bug_markers
from corpus.quality.fix_variants import generate
from corpus.quality.reviewed import load_reviews, review_reason
from corpus.quality.summary import summarize
from validation.quality.fix_probes import ProbeOutcome


@pytest.mark.slow  # generates every reviewed task's variants
def test_every_reviewed_survivor_is_a_variant_its_task_still_generates():
    reviews = load_reviews()
    stale = []
    for task_name in sorted({review.task for review in reviews.values()}):
        task = load_task(TASKS_DIR / task_name)
        buggy = {name: strip_bug_markers(text) for name, text in task.buggy_files.items()}
        generated = {(task_name, v.kind, v.file, v.description) for v in generate(buggy, task.correct_files)}
        stale += [key for key in reviews if key[0] == task_name and key not in generated]

    assert len(reviews) > 0
    assert stale == []


def write(tmp_path, entries):
    path = tmp_path / "reviewed.json"
    path.write_text(json.dumps({"version": "reviewed/1", "tasks": {"t": entries}}))
    return path


ENTRY = {"kind": "mutant", "file": "m.py", "description": "constant 0 -> 1",
         "why": "the value is only compared with itself, so any constant gives the same answer"}


def test_a_review_names_its_variant_and_says_why(tmp_path):
    reviews = load_reviews(write(tmp_path, [ENTRY]))

    assert review_reason(reviews, "t", "mutant", "m.py", "constant 0 -> 1") == ENTRY["why"]
    assert review_reason(reviews, "t", "mutant", "m.py", "constant 0 -> -1") == ""
    assert review_reason(reviews, "other", "mutant", "m.py", "constant 0 -> 1") == ""


@pytest.mark.parametrize(("change", "message"), [
    ({"why": "equivalent"}, "say why no caller can tell"),
    ({"kind": "equivalent"}, "is fixed in the tests, never excused"),
    ({"description": None}, "lacks description"),
])
def test_a_review_without_a_reason_or_for_a_right_fix_is_refused(tmp_path, change, message):
    entry = {k: v for k, v in (ENTRY | change).items() if v is not None}

    with pytest.raises(ValueError, match=message):
        load_reviews(write(tmp_path, [entry]))


def test_the_same_survivor_reviewed_twice_is_refused(tmp_path):
    with pytest.raises(ValueError, match=r"t\[1\] repeats an earlier entry"):
        load_reviews(write(tmp_path, [ENTRY, ENTRY]))


def outcome(kind, passed, reviewed=""):
    return ProbeOutcome(kind, "m.py", 3, "constant 0 -> 1", passed, "", reviewed=reviewed)


def test_an_unreviewed_surviving_mutant_fails_the_task_and_a_reviewed_one_does_not():
    assert outcome("mutant", passed=True).defect
    assert str(outcome("mutant", passed=True).problem()).startswith(
        "the tests accept a mutant of the fix: constant 0 -> 1 (m.py:3); add a case")
    assert str(outcome("partial", passed=True).problem()).startswith(
        "the tests accept a partial fix (one hunk alone)")
    assert not outcome("mutant", passed=True, reviewed=ENTRY["why"]).defect
    assert outcome("mutant", passed=True, reviewed=ENTRY["why"]).problem() is None
    assert not outcome("mutant", passed=False).defect


def test_the_summary_counts_surviving_and_reviewed_variants():
    record = {"task": "t", "category": "c", "author": "optional", "proposed": "optional", "state_dependent": False,
              "divergence": None, "wrong_fixes": 3, "killed": 1, "report_flags": [], "problems": [],
              "mechanism": "value", "rejected_equivalents": [],
              "surviving": [outcome("mutant", True).to_dict()],
              "reviewed_survivors": [outcome("partial", True, ENTRY["why"]).to_dict()]}

    summary = summarize([record], rule_version="divergence_label/1", whole=False)

    assert (summary["surviving"], summary["reviewed_survivors"]) == (1, 1)
    assert summary["tasks_accepting_a_wrong_fix"] == ["t"]

