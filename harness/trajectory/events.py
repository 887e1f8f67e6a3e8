"""The event stream a trajectory is built from.

An episode appends one JSON line per event to ``<out>.events.jsonl`` as it happens (header, each
message, each step, the result), so a killed process loses nothing already done; ``fold_events``
turns the stream into the ``Trajectory`` (and ``write_document`` writes its one JSON document). A
stream that stopped early folds into ``exit_reason: crash``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from harness.records.events import EpisodeEvent
from harness.records.exit_reasons import ExitReason
from harness.trajectory.document import EpisodeResult, Step, Trajectory


def events_path_for(out: str | Path) -> Path:
    out = Path(out)
    return out.with_name(out.name.removesuffix(".json") + ".events.jsonl")


class EventStream:
    """Append-only JSONL log of one episode; every write is flushed and fsynced."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - held for the episode

    def emit(self, event: EpisodeEvent) -> None:
        self._fh.write(json.dumps(event.to_json(), default=str) + "\n")
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
    """Fold a stream into a document (see ``fold_events``)."""
    return fold_events(events).to_json(check=False)


def fold_events(events: list[dict]) -> Trajectory:
    """Fold a stream into a Trajectory. Event kinds: header, message, step, result, quality.

    A stream with no result event is an episode that died: it is recorded as ``crash``.
    """
    header: dict = {}
    messages, steps = [], []
    result = finished_at = quality = None
    for event in map(EpisodeEvent.from_json, events):
        kind, payload = event.kind, event.payload
        if kind == "header":
            header.update(payload["header"])
        elif kind == "message":
            messages.append(payload["message"])
        elif kind == "step":
            steps.append(Step.from_json(payload["step"]))
        elif kind == "result":
            result, finished_at = EpisodeResult.from_json(payload["result"]), event.at or None
        elif kind == "quality":
            quality = payload["quality"]
    if result is None:
        result = EpisodeResult(ExitReason.CRASH, reason="the episode stopped before it finished")
        finished_at = events[-1].get("at") if events else None
    known = {name: header.pop(name, None) for name in Trajectory.HEADER}
    return Trajectory(**known, result=result, finished_at=finished_at, messages=messages, steps=steps,
                      quality=quality, extra=header)


def write_document(doc: dict, out: str | Path) -> Path:
    """Write the document atomically (temp file + rename), so a reader never sees half of it."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    tmp.write_text(json.dumps(doc, indent=1, default=str), encoding="utf-8")
    os.replace(tmp, out)
    return out
