"""The episode event: one line of the stream an episode appends to as it happens (``header``, each
``message``, each ``step``, the ``result``, the ``quality`` record), and the same event a live listener
hears. ``to_json`` is the line's shape, ``{"event": kind, "at": ..., **payload}``. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

EVENT_KINDS = ("header", "message", "step", "result", "quality")


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class EpisodeEvent:
    """``kind`` is one of EVENT_KINDS (a reader skips a kind it does not know); ``payload`` holds the
    event's own fields (``{"step": {...}}`` for a step)."""

    kind: str
    payload: dict = field(default_factory=dict)
    at: str = field(default_factory=now_iso)

    def to_json(self) -> dict:
        return {"event": self.kind, "at": self.at, **self.payload}

    @classmethod
    def from_json(cls, data: dict) -> EpisodeEvent:
        payload = {key: value for key, value in data.items() if key not in ("event", "at")}
        return cls(str(data.get("event")), payload, str(data.get("at") or ""))
