"""The ``stepwise.trajectory/1`` JSON schema (DESIGN.md, "Trajectory") and checking a document
against it."""

from __future__ import annotations

import jsonschema

from harness.arms import ARMS
from harness.records.exit_reasons import ExitReason

SCHEMA_ID = "stepwise.trajectory/1"
EXIT_REASONS = tuple(reason.value for reason in ExitReason)

_PLACE = {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "minItems": 2, "maxItems": 2}
# A step's DebuggerRecord (harness/records/debugger.py); optional, so documents from before it still validate.
DEBUGGER_SCHEMA: dict = {"anyOf": [{"type": "null"}, {
    "type": "object",
    "required": ["version"],
    "properties": {
        "version": {"type": "integer", "minimum": 1},
        "stop": {"anyOf": [{"type": "null"}, {"type": "object", "required": ["kind"], "properties": {
            "kind": {"type": "string"}, "exception": {"type": ["string", "null"]}}}]},
        "position": {"anyOf": [{"type": "null"}, _PLACE]},
        "frames": {"type": "array", "items": {
            "type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}, {"type": "string"}],
            "minItems": 3, "maxItems": 3}},
        "selected": {"type": ["integer", "null"]},
        "breakpoints": {"anyOf": [{"type": "null"}, {"type": "array", "items": _PLACE}]},
        "values": {"type": "array", "items": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "string"}],
                                              "minItems": 2, "maxItems": 2}},
        "changes": {"type": "array", "items": {
            "type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}],
            "minItems": 3, "maxItems": 3}},
    },
}]}

# A bash step's ShellRecord (harness/records/shell.py); optional like the debugger's.
SHELL_SCHEMA: dict = {"anyOf": [{"type": "null"}, {
    "type": "object",
    "required": ["version"],
    "properties": {"version": {"type": "integer", "minimum": 1}, "exit_code": {"type": ["integer", "null"]},
                   "tests_passed": {"type": ["boolean", "null"]}, "answer_digest": {"type": ["string", "null"]}},
}]}

TRAJECTORY_SCHEMA: dict = {
    "type": "object",
    "required": ["schema", "episode_id", "task", "arm", "policy", "max_turns", "started_at",
                 "messages", "steps", "result"],
    "properties": {
        "schema": {"const": SCHEMA_ID},
        "episode_id": {"type": "string", "minLength": 1},
        "task": {"type": "string", "minLength": 1},
        "split": {"type": ["string", "null"]},
        "arm": {"enum": list(ARMS)},
        "policy": {
            "type": "object",
            "required": ["kind"],
            "properties": {"kind": {"type": "string"}, "model": {"type": ["string", "null"]},
                           "params": {"type": "object"}},
        },
        "sandbox": {"type": ["string", "null"]},
        "max_turns": {"type": "integer", "minimum": 0},
        "started_at": {"type": "string"},
        "finished_at": {"type": ["string", "null"]},
        "messages": {"type": "array", "items": {"type": "object", "required": ["role"]}},
        "steps": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["turn", "tool", "arguments", "observation"],
                "properties": {
                    "turn": {"type": "integer", "minimum": 0},
                    "tool": {"type": "string"},
                    "arguments": {},
                    "observation": {"type": "string"},
                    "position": {"anyOf": [{"type": "null"}, {
                        "type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}],
                        "minItems": 2, "maxItems": 2}]},
                    "duration_ms": {"type": ["number", "null"]},
                    "error": {"type": ["boolean", "null"]},
                    "debugger": DEBUGGER_SCHEMA,
                    "shell": SHELL_SCHEMA,
                },
            },
        },
        "result": {
            "type": "object",
            "required": ["verified", "exit_reason"],
            "properties": {
                "verified": {"type": "boolean"},
                "exit_reason": {"enum": list(EXIT_REASONS)},
                "tests": {"type": "object", "properties": {"passed": {"type": "integer"},
                                                           "failed": {"type": "integer"}}},
                "patch": {"type": ["string", "null"]},
                "reason": {"type": ["string", "null"]},
            },
        },
        "quality": {"type": ["object", "null"]},
    },
}

_VALIDATOR = jsonschema.Draft202012Validator(TRAJECTORY_SCHEMA)


class TrajectoryError(ValueError):
    """A trajectory file that cannot be used; the message names the file and the reason."""


def validation_errors(doc) -> list[str]:
    """Every way ``doc`` breaks the schema, as 'field.path: reason' strings (empty when valid)."""
    if not isinstance(doc, dict):
        return ["document: expected a JSON object"]
    out = []
    for err in sorted(_VALIDATOR.iter_errors(doc), key=lambda e: list(e.absolute_path)):
        where = ".".join(str(p) for p in err.absolute_path) or "document"
        out.append(f"{where}: {err.message}")
    return out
