"""What crosses the model boundary: a tool call in, an observation out (DESIGN.md, "Observation").

Both are plain dataclasses with ``to_dict``/``from_dict`` so the same shapes travel over the sandbox
service's JSON protocol, into trajectories and into the web app.
"""

from __future__ import annotations

import uuid
from dataclasses import asdict, dataclass, field

from harness.records.debugger import DebuggerRecord
from harness.records.shell import ShellRecord


@dataclass
class ToolCall:
    name: str
    arguments: dict = field(default_factory=dict)
    id: str = field(default_factory=lambda: f"call_{uuid.uuid4().hex[:12]}")

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> ToolCall:
        return cls(name=data["name"], arguments=dict(data.get("arguments") or {}),
                   id=data.get("id") or f"call_{uuid.uuid4().hex[:12]}")


@dataclass
class Observation:
    """Filtered, bounded text plus the facts the loop needs without re-parsing it.

    ``position`` is the debugger cursor ``(file, line)`` after the call, or None when no program is
    paused; ``error`` is True when the text is an ``Error: …`` answer; ``done`` is True only for the
    ``done`` tool; ``debugger`` is what the debugger knew after a debugger call (and after an edit
    that moved breakpoints), None for other tools; ``shell`` is what a bash call did (ShellRecord).
    """

    text: str
    position: tuple[str, int] | None = None
    error: bool = False
    done: bool = False
    duration_ms: float = 0.0
    debugger: DebuggerRecord | None = None
    shell: ShellRecord | None = None

    def to_dict(self) -> dict:
        data = {"text": self.text, "position": list(self.position) if self.position else None,
                "error": self.error, "done": self.done, "duration_ms": round(self.duration_ms, 3)}
        if self.debugger is not None:
            data["debugger"] = self.debugger.to_json()
        if self.shell is not None:
            data["shell"] = self.shell.to_json()
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Observation:
        pos = data.get("position")
        return cls(text=data.get("text", ""), position=(pos[0], int(pos[1])) if pos else None,
                   error=bool(data.get("error")), done=bool(data.get("done")),
                   duration_ms=float(data.get("duration_ms") or 0.0),
                   debugger=DebuggerRecord.from_json(record) if isinstance(record := data.get("debugger"), dict)
                   else None,  # an older peer sends neither record
                   shell=ShellRecord.from_json(record) if isinstance(record := data.get("shell"), dict) else None)

    @classmethod
    def failure(cls, message: str) -> Observation:
        """An ``Error: …`` observation; ``message`` should say how to recover."""
        text = message if message.startswith("Error:") else f"Error: {message}"
        return cls(text=text, error=True)
