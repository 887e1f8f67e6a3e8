"""The quality record is read typed: what scoring wrote comes back as the same verdicts, and a record a
custom scorer or an older writer left reads as far as it holds, never as a crash."""

from __future__ import annotations

import pytest

from harness.records.quality import Quality
from harness.scoring import QualityFormatError, read_quality, score_trajectory
from tests.harness.scoring.builders import clean, task_meta


def test_a_scored_record_reads_back_as_the_verdicts_scoring_wrote():
    scored = score_trajectory(clean().doc(), task_meta())
    read = Quality.from_json(scored.to_json())

    assert read == scored and read_quality(scored.to_json()) == scored
    assert read is not None and read.policy is not None and read.policy.passed
    assert read.edit_relevant is True and read.reviewed_edit_relevant is True


def test_a_persons_review_wins_over_the_automatic_verdict():
    record = {**score_trajectory(clean().doc(), task_meta()).to_json(),
              "review": {"edit_relevant": False, "source": "human review"}}
    quality = Quality.from_json(record)

    assert quality is not None and quality.edit_relevant is True and quality.reviewed_edit_relevant is False
    assert quality.to_json() == record


def test_a_partial_record_reads_as_far_as_it_holds():
    quality = Quality.from_json({"verified": True, "policy": {"score": "high"}, "edit_relevant": False})

    assert quality is not None and quality.verified is True
    assert quality.policy is None and quality.edit_relevant is False
    assert Quality.from_json(None) is None and Quality.from_json(["not", "a", "record"]) is None


def test_the_strict_reader_names_the_field_at_fault():
    with pytest.raises(QualityFormatError, match=r"quality\.policy\.score: 3 is greater than the maximum of 1"):
        read_quality({"verified": True, "policy": {"version": "v", "score": 3, "passed": True,
                                                   "hard_reasons": [], "soft_reasons": []}})
