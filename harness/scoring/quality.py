"""The ``quality`` record's JSON schema, which readers (the web app's import) check it with, and the strict
reader ``read_quality``; the record's dataclasses are on the ground floor (``harness.records.quality``)."""

from __future__ import annotations

import jsonschema

from harness.records.quality import (
    CRITERIA,
    EditLink,
    EditRecord,
    EditRelevanceVerdict,
    PolicyVerdict,
    Quality,
    Reason,
    Review,
)

_REASON = {
    "type": "object", "required": ["rule", "message", "turns"],
    "properties": {"rule": {"type": "string"}, "message": {"type": "string"},
                   "turns": {"type": "array", "items": {"type": "integer"}},
                   "penalty": {"type": "number"}},
}
QUALITY_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "verified": {"type": ["boolean", "null"]},
        "policy": {
            "type": "object", "required": ["version", "score", "passed", "hard_reasons", "soft_reasons"],
            "properties": {"version": {"type": "string", "minLength": 1},
                           "score": {"type": "number", "minimum": 0, "maximum": 1},
                           "passed": {"type": "boolean"},
                           "hard_reasons": {"type": "array", "items": _REASON},
                           "soft_reasons": {"type": "array", "items": {**_REASON, "required": [*_REASON["required"], "penalty"]}},
                           "features": {"type": "object"}},
        },
        "edit_relevance": {
            "type": "object", "required": ["version", "edit_relevant", "edits"],
            "properties": {
                "version": {"type": "string", "minLength": 1},
                "debugger_started": {"type": "boolean"},
                "edit_relevant": {"type": ["boolean", "null"]},
                "edits": {"type": "array", "items": {
                    "type": "object", "required": ["turn", "file", "links"],
                    "properties": {"turn": {"type": "integer"}, "file": {"type": "string"},
                                   "links": {"type": "array", "items": {
                                       "type": "object", "required": ["turn", "criterion", "reason"],
                                       "properties": {"turn": {"type": "integer"},
                                                      "criterion": {"enum": list(CRITERIA)},
                                                      "criterion_name": {"enum": list(CRITERIA.values())},
                                                      "reason": {"type": "string"}}}}}}},
            },
        },
        "edit_relevant": {"type": ["boolean", "null"]},
        "review": {"type": "object", "properties": {"edit_relevant": {"type": ["boolean", "null"]}}},
    },
}
_VALIDATOR = jsonschema.Draft202012Validator(QUALITY_SCHEMA)


class QualityFormatError(ValueError):
    """A quality record that does not follow the contract; the message names the field."""


def quality_problems(record) -> list[str]:
    """'field: reason' for every way ``record`` breaks the quality contract (empty when it holds)."""
    if not isinstance(record, dict):
        return ["quality: expected an object"]
    out = []
    for error in sorted(_VALIDATOR.iter_errors(record), key=lambda e: list(map(str, e.absolute_path))):
        where = "quality" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        out.append(f"{where}: {error.message[:160]}")
    return out


def read_quality(record) -> Quality:
    """A stored record, typed; raises QualityFormatError naming the field when it breaks the contract."""
    problems = quality_problems(record)
    quality = Quality.from_json(record) if not problems else None
    if quality is None:
        raise QualityFormatError("; ".join(problems[:3]) or "quality: expected an object")
    return quality


__all__ = ["CRITERIA", "QUALITY_SCHEMA", "EditLink", "EditRecord", "EditRelevanceVerdict", "PolicyVerdict", "Quality",
           "QualityFormatError", "Reason", "Review", "quality_problems", "read_quality"]
