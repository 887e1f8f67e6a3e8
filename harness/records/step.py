"""One turn of an episode and how the episode ended: ``Step``, ``TestCounts`` and ``EpisodeResult``, each
with one ``to_json`` / ``from_json`` pair, the step and result shapes of the ``stepwise.trajectory/1``
contract (DESIGN.md, "Trajectory"). ``from_json`` keeps fields it does not know (``extra``) so a document
round-trips unchanged whoever added to it. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from harness.records.debugger import DebuggerRecord
from harness.records.exit_reasons import ExitReason
from harness.records.groups import DEBUGGER_TOOLS, EDIT_TOOLS
from harness.records.legacy import breakpoint_changes, legacy_record
from harness.records.shell import ShellRecord


def rest(data: dict, known) -> dict:
    return {key: value for key, value in data.items() if key not in known}


@dataclass
class Step:
    """One turn: the tool call and what it returned. ``turn`` counts from 1 (one step per turn).

    ``debugger``: what the debugger knew after the call (DebuggerRecord); ``shell``: what a bash call did
    (ShellRecord). A step recorded before steps carried them gets them read from its text
    (``upgraded``), which ``to_json`` does not write back, so an old document round-trips unchanged.
    """

    turn: int
    tool: str
    arguments: Any
    observation: str
    position: tuple[str, int] | None = None
    duration_ms: float | None = None
    error: bool | None = False
    call_id: str | None = None
    usage: dict | None = None
    debugger: DebuggerRecord | None = None
    shell: ShellRecord | None = None
    extra: dict = field(default_factory=dict)
    upgraded: bool = field(default=False, compare=False)  # the debugger record was read from the text
    shell_upgraded: bool = field(default=False, compare=False)  # ... and the shell record

    FIELDS = ("turn", "tool", "arguments", "observation", "position", "duration_ms", "error", "call_id", "usage",
              "debugger", "shell")

    def to_json(self) -> dict:
        data = {"turn": self.turn, "tool": self.tool, "arguments": self.arguments, "observation": self.observation,
                "position": list(self.position) if self.position else None,
                "duration_ms": None if self.duration_ms is None else round(self.duration_ms, 3),
                "error": self.error}
        if self.call_id is not None:
            data["call_id"] = self.call_id
        if self.usage:
            data["usage"] = self.usage
        if self.debugger is not None and not self.upgraded:
            data["debugger"] = self.debugger.to_json()
        if self.shell is not None and not self.shell_upgraded:
            data["shell"] = self.shell.to_json()
        return {**data, **self.extra}

    @classmethod
    def from_json(cls, data: dict) -> Step:
        position = data.get("position")
        position = (str(position[0]), int(position[1])) if position else None
        debugger, upgraded = cls.debugger_of(data, position)
        shell, shell_upgraded = cls.shell_of(data)
        return cls(turn=data["turn"], tool=data["tool"], arguments=data.get("arguments"),
                   observation=data.get("observation", ""), position=position,
                   duration_ms=data.get("duration_ms"), error=data.get("error"), call_id=data.get("call_id"),
                   usage=data.get("usage"), debugger=debugger, shell=shell, extra=rest(data, cls.FIELDS),
                   upgraded=upgraded, shell_upgraded=shell_upgraded)

    @staticmethod
    def shell_of(data: dict) -> tuple[ShellRecord | None, bool]:
        """A bash step document's ShellRecord and whether it was read from the text (a step written
        before steps carried one)."""
        record = data.get("shell")
        if isinstance(record, dict):
            return ShellRecord.from_json(record, data.get("observation")), False
        text = data.get("observation")
        if data.get("tool") != "bash" or "shell" in data or not isinstance(text, str):
            return None, False
        return ShellRecord.from_text(text), True

    @staticmethod
    def debugger_of(data: dict, position: tuple[str, int] | None) -> tuple[DebuggerRecord | None, bool]:
        """A step document's record and whether it was read from the text (a step written before
        steps carried one: a debugger call, or an edit whose answer moved breakpoints)."""
        record = data.get("debugger")
        if isinstance(record, dict):
            return DebuggerRecord.from_json(record), False
        tool, text = data.get("tool"), data.get("observation")
        if "debugger" in data or not isinstance(text, str):
            return None, False
        if tool in DEBUGGER_TOOLS or tool in EDIT_TOOLS and breakpoint_changes(text):
            return legacy_record(str(tool), data.get("arguments"), text, position, bool(data.get("error"))), True
        return None, False


@dataclass
class TestCounts:
    __test__ = False  # not a pytest test class, whatever its name

    passed: int = 0
    failed: int = 0

    def to_json(self) -> dict:
        return {"passed": self.passed, "failed": self.failed}

    @classmethod
    def from_json(cls, data: dict | None) -> TestCounts:
        data = data or {}
        return cls(passed=int(data.get("passed", 0)), failed=int(data.get("failed", 0)))


@dataclass
class EpisodeResult:
    """How the episode ended and what the independent verifier found."""

    exit_reason: ExitReason
    verified: bool = False
    tests: TestCounts = field(default_factory=TestCounts)
    patch: str | None = None  # unified diff against the buggy files
    reason: str | None = None  # why it ended or is not verified, in plain words
    turns: int | None = None
    usage: dict | None = None  # the steps' token usage summed
    extra: dict = field(default_factory=dict)

    FIELDS = ("verified", "exit_reason", "tests", "patch", "reason", "turns", "usage")

    def to_json(self) -> dict:
        data = {"verified": self.verified, "exit_reason": str(self.exit_reason), "tests": self.tests.to_json(),
                "patch": self.patch, "reason": self.reason}
        if self.turns is not None:
            data["turns"] = self.turns
            data["usage"] = self.usage or None
        return {**data, **self.extra}

    @classmethod
    def from_json(cls, data: dict) -> EpisodeResult:
        return cls(exit_reason=ExitReason(data["exit_reason"]), verified=bool(data.get("verified")),
                   tests=TestCounts.from_json(data.get("tests")), patch=data.get("patch"), reason=data.get("reason"),
                   turns=data.get("turns"), usage=data.get("usage"), extra=rest(data, cls.FIELDS))
