"""The trajectory document (DESIGN.md, "Trajectory") and the event stream it is built from.

An episode appends one JSON line per event to ``<out>.events.jsonl`` as it happens (header, each
message, each step, the result), so a killed process loses nothing already done; ``write_document``
folds the stream into the one JSON document per episode. ``from_events`` rebuilds a document from a
stream that stopped early and marks it ``crash``.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import jsonschema

SCHEMA_ID = "stepwise.trajectory/1"
EXIT_REASONS = ("done", "max_turns", "error", "crash")
ARMS = ("base", "dbg")

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


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def validation_errors(doc) -> list[str]:
    """Every way ``doc`` breaks the schema, as 'field.path: reason' strings (empty when valid)."""
    if not isinstance(doc, dict):
        return ["document: expected a JSON object"]
    out = []
    for err in sorted(_VALIDATOR.iter_errors(doc), key=lambda e: list(e.absolute_path)):
        where = ".".join(str(p) for p in err.absolute_path) or "document"
        out.append(f"{where}: {err.message}")
    return out


def load_trajectory(path: str | Path) -> dict:
    """Read and validate one trajectory document; raises TrajectoryError naming the file."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TrajectoryError(f"{path}: no such file") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise TrajectoryError(f"{path}: not valid JSON ({exc})") from None
    errors = validation_errors(doc)
    if errors:
        raise TrajectoryError(f"{path}: not a {SCHEMA_ID} document: " + "; ".join(errors[:5]))
    return doc


def debugger_started(doc: dict) -> bool:
    return any(s.get("tool") == "start_debugger" and not s.get("error") for s in doc.get("steps", []))


def events_path_for(out: str | Path) -> Path:
    out = Path(out)
    return out.with_name(out.name.removesuffix(".json") + ".events.jsonl")


class EventStream:
    """Append-only JSONL log of one episode; every write is flushed and fsynced."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - held for the episode

    def emit(self, event: str, payload: dict) -> None:
        self._fh.write(json.dumps({"event": event, "at": now_iso(), **payload}, default=str) + "\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        if not self._fh.closed:
            self._fh.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def read_events(path: str | Path) -> list[dict]:
    """The events of a stream; a torn last line (a kill mid-write) is ignored."""
    events = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return events


def from_events(events: list[dict]) -> dict:
    """Fold a stream into a document. Event kinds: header, message, step, result, quality.

    A stream with no result event is an episode that died: it is recorded as ``crash``.
    """
    doc: dict = {"schema": SCHEMA_ID, "messages": [], "steps": [], "finished_at": None, "quality": None}
    for ev in events:
        kind = ev.get("event")
        if kind == "header":
            doc.update(ev["header"])
        elif kind == "message":
            doc["messages"].append(ev["message"])
        elif kind == "step":
            doc["steps"].append(ev["step"])
        elif kind == "result":
            doc["result"] = ev["result"]
            doc["finished_at"] = ev.get("at")
        elif kind == "quality":
            doc["quality"] = ev["quality"]
    if "result" not in doc:
        doc["result"] = {"verified": False, "exit_reason": "crash", "tests": {"passed": 0, "failed": 0},
                         "patch": None, "reason": "the episode stopped before it finished"}
        doc["finished_at"] = events[-1].get("at") if events else None
    return doc


def write_document(doc: dict, out: str | Path) -> Path:
    """Write the document atomically (temp file + rename), so a reader never sees half of it."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    tmp.write_text(json.dumps(doc, indent=1, default=str), encoding="utf-8")
    os.replace(tmp, out)
    return out
