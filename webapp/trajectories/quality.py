"""A trajectory's ``quality`` record as the web app reads it: harness.scoring's typed ``Quality``.

The record comes from a file someone imported, so a record that breaks the contract
(``harness.scoring.quality_problems``) reads as "not scored" (None) rather than failing; the import
says why it was not stored as a score (``webapp.trajectories.services.quality_warning``).
"""

from __future__ import annotations

import dataclasses

from harness.scoring import EditRecord, Quality, QualityFormatError, Reason


def quality_of(record: Quality | dict | None) -> Quality | None:
    """The typed record of a document's ``quality`` field; None when there is none or it breaks the
    contract."""
    if record is None or isinstance(record, Quality):
        return record
    try:
        return Quality.from_json(record)
    except QualityFormatError:
        return None


def quality_columns(record: Quality | dict | None) -> dict:
    """The Trajectory columns filled from a quality record."""
    quality = quality_of(record)
    policy = quality.policy if quality is not None else None
    return {"score": policy.score if policy else None, "passed": policy.passed if policy else None,
            "edit_relevant": quality.edit_relevant if quality is not None else None,
            "hard_rules": sorted({reason.rule for reason in policy.hard_reasons}) if policy else []}


def reasons_at(quality: Quality | None, turn: int) -> list[Reason]:
    """The policy's reasons that name ``turn``, hard ones first."""
    if quality is None or quality.policy is None:
        return []
    return [r for r in (*quality.policy.hard_reasons, *quality.policy.soft_reasons) if turn in r.turns]


def scored_edits(quality: Quality | None) -> tuple[EditRecord, ...]:
    """The edits edit relevance scored, each with the observations it proposes as their grounds."""
    if quality is None or quality.edit_relevance is None:
        return ()
    return quality.edit_relevance.edits


def with_review(record: Quality | dict | None, edit_relevant: bool) -> dict:
    """The quality record (JSON) carrying a person's confirmed verdict as ``review``, which reports prefer
    to the automatic one (``harness.eval.metrics``)."""
    quality = quality_of(record) or Quality(verified=None)
    review = {"edit_relevant": edit_relevant, "source": "human review"}
    return dataclasses.replace(quality, extra={**quality.extra, "review": review}).to_json()
