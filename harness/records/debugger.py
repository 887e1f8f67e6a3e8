"""What the debugger knew after one call, as data (DESIGN.md, "Observation"): why the program stopped,
where it is, its frames, the breakpoints set, and the values an inspection showed.

It travels beside the text the model sees (``Observation.debugger``, ``Step.debugger``) so scoring,
replay and the web app read facts instead of re-parsing that text. Standard library only: it is built
inside sandboxes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

VERSION = 1
STOP_KINDS = ("start", "hit", "step", "exception", "restart", "interrupt", "frame")


@dataclass(frozen=True)
class Frame:
    file: str
    line: int
    function: str


@dataclass(frozen=True)
class Stop:
    """Why the program paused: kind is one of STOP_KINDS; ``exception`` the uncaught exception's text."""

    kind: str
    exception: str | None = None


@dataclass(frozen=True)
class BreakpointChange:
    """One breakpoint set or removed: known only of a step recorded before the record existed (its
    ``breakpoints`` is then None, see ``BreakpointState``)."""

    file: str
    line: int
    added: bool


@dataclass
class DebuggerRecord:
    """``frames`` innermost first; ``selected`` indexes ``frames`` (None when not known);
    ``breakpoints`` are those set after the call, None when not known (an upgraded old step, whose
    ``changes`` say what it set and removed); ``values`` are (expression, shown value) pairs."""

    stop: Stop | None = None
    position: tuple[str, int] | None = None
    frames: list[Frame] = field(default_factory=list)
    selected: int | None = None
    breakpoints: list[tuple[str, int]] | None = field(default_factory=list)
    values: list[tuple[str, str]] = field(default_factory=list)
    changes: list[BreakpointChange] = field(default_factory=list)
    version: int = VERSION

    @property
    def frame(self) -> Frame | None:
        """The selected frame, else a frame at the position (function unknown)."""
        if self.selected is not None and 0 <= self.selected < len(self.frames):
            return self.frames[self.selected]
        if self.position is not None:
            return Frame(self.position[0], self.position[1], "")
        return None

    def to_json(self) -> dict:
        data: dict = {
            "version": self.version,
            "stop": None if self.stop is None else {"kind": self.stop.kind, "exception": self.stop.exception},
            "position": list(self.position) if self.position else None,
            "frames": [[f.file, f.line, f.function] for f in self.frames],
            "selected": self.selected,
            "breakpoints": None if self.breakpoints is None else [[file, line] for file, line in self.breakpoints],
            "values": [[expression, value] for expression, value in self.values],
        }
        if self.changes:
            data["changes"] = [[c.file, c.line, c.added] for c in self.changes]
        return data

    @classmethod
    def from_json(cls, data: dict) -> DebuggerRecord:
        stop, position, breakpoints = data.get("stop"), data.get("position"), data.get("breakpoints")
        return cls(
            version=int(data.get("version") or VERSION),
            stop=Stop(str(stop["kind"]), stop.get("exception")) if isinstance(stop, dict) else None,
            position=(str(position[0]), int(position[1])) if position else None,
            frames=[Frame(str(f[0]), int(f[1]), str(f[2])) for f in data.get("frames") or []],
            selected=data.get("selected"),
            breakpoints=None if breakpoints is None else [(str(b[0]), int(b[1])) for b in breakpoints],
            values=[(str(v[0]), str(v[1])) for v in data.get("values") or []],
            changes=[BreakpointChange(str(c[0]), int(c[1]), bool(c[2])) for c in data.get("changes") or []])


class BreakpointState:
    """The breakpoints set, followed over a trajectory's records in order."""

    def __init__(self):
        self.current: dict[tuple[str, int], None] = {}  # ordered: the order they were set in

    def apply(self, record: DebuggerRecord | None) -> list[tuple[str, int]]:
        """Follow ``record``; the breakpoints it added."""
        if record is None:
            return []
        before = dict(self.current)
        if record.breakpoints is not None:
            self.current = dict.fromkeys(record.breakpoints)
        for change in record.changes:
            if change.added:
                self.current[(change.file, change.line)] = None
            else:
                self.current.pop((change.file, change.line), None)
        return [key for key in self.current if key not in before]

    @property
    def breakpoints(self) -> list[tuple[str, int]]:
        return list(self.current)
