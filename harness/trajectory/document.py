"""The typed trajectory: ``Step``, ``EpisodeResult`` and ``Trajectory``, each with one ``to_json`` /
``from_json`` pair that is the ``stepwise.trajectory/1`` contract (DESIGN.md, "Trajectory").

``to_json`` gives exactly the document's JSON shape; ``from_json`` reads it back, keeping fields it
does not know (``extra``) so a document round-trips unchanged whoever added to it. ``Trajectory``
documents are checked against the JSON schema on the way in and on the way out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.debugger.answer_text import breakpoint_changes, legacy_record
from harness.debugger_record import DebuggerRecord
from harness.shell_record import ShellRecord
from harness.tools import DEBUGGER_TOOLS, EDIT_TOOLS
from harness.trajectory.exit_reasons import ExitReason
from harness.trajectory.schema import SCHEMA_ID, TrajectoryError, validation_errors


def _rest(data: dict, known) -> dict:
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
                   usage=data.get("usage"), debugger=debugger, shell=shell, extra=_rest(data, cls.FIELDS),
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
                   turns=data.get("turns"), usage=data.get("usage"), extra=_rest(data, cls.FIELDS))


@dataclass
class Trajectory:
    """One episode's whole record, the ``stepwise.trajectory/1`` document."""

    episode_id: str
    task: str
    arm: str
    policy: dict  # {kind, model, params}
    max_turns: int
    started_at: str
    result: EpisodeResult
    split: str | None = None
    sandbox: str | None = None
    finished_at: str | None = None
    messages: list[dict] = field(default_factory=list)  # OpenAI chat format, tool calls included
    steps: list[Step] = field(default_factory=list)
    quality: dict | None = None  # the scorers' components (filled by harness.episode.score_episode)
    extra: dict = field(default_factory=dict)  # other top-level fields (preference, an eval's run, ...)

    HEADER = ("episode_id", "task", "split", "arm", "policy", "sandbox", "max_turns", "started_at")
    FIELDS = ("schema", *HEADER, "finished_at", "messages", "steps", "result", "quality")

    def to_json(self, *, check: bool = True) -> dict:
        data = {"schema": SCHEMA_ID, "episode_id": self.episode_id, "task": self.task, "split": self.split,
                "arm": self.arm, "policy": self.policy, "sandbox": self.sandbox, "max_turns": self.max_turns,
                "started_at": self.started_at, "finished_at": self.finished_at, **self.extra,
                "messages": self.messages, "steps": [step.to_json() for step in self.steps],
                "result": self.result.to_json(), "quality": self.quality}
        if check:
            _raise_if_invalid(data, "the trajectory")
        return data

    @classmethod
    def from_json(cls, data, *, source: str = "document") -> Trajectory:
        """Read a document; raises TrajectoryError naming ``source`` and every schema violation."""
        _raise_if_invalid(data, source)
        return cls(episode_id=data["episode_id"], task=data["task"], arm=data["arm"], policy=data["policy"],
                   max_turns=data["max_turns"], started_at=data["started_at"],
                   result=EpisodeResult.from_json(data["result"]), split=data.get("split"),
                   sandbox=data.get("sandbox"), finished_at=data.get("finished_at"),
                   messages=list(data["messages"]), steps=[Step.from_json(s) for s in data["steps"]],
                   quality=data.get("quality"), extra=_rest(data, cls.FIELDS))

    @classmethod
    def load(cls, path: str | Path) -> Trajectory:
        return cls.from_json(read_document(path), source=str(path))

    @property
    def debugger_started(self) -> bool:
        """Whether the episode opened the debugger (a start_debugger call that was not an error)."""
        return any(step.tool == "start_debugger" and not step.error for step in self.steps)


def _raise_if_invalid(data, source: str) -> None:
    errors = validation_errors(data)
    if errors:
        raise TrajectoryError(f"{source}: not a {SCHEMA_ID} document: " + "; ".join(errors[:5]))


MAX_DOCUMENT_BYTES = 64 * 2**20  # far above a real episode; a bigger file is not read into memory


def read_document(path: str | Path):
    """The JSON in ``path``; TrajectoryError naming the file when it is missing or not JSON."""
    path = Path(path)
    try:
        if path.is_dir():
            raise TrajectoryError(f"{path}: is a folder; give a trajectory file (.json)")
        size = path.stat().st_size
        if size > MAX_DOCUMENT_BYTES:
            raise TrajectoryError(f"{path}: {size / 2**20:.0f} MB is more than the {MAX_DOCUMENT_BYTES // 2**20} MB "
                                  "a trajectory document may hold")
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TrajectoryError(f"{path}: no such file") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise TrajectoryError(f"{path}: not valid JSON ({exc})") from None
    except RecursionError:
        raise TrajectoryError(f"{path}: nested too deeply to be a trajectory document") from None
    except OSError as exc:
        raise TrajectoryError(f"{path}: cannot be read ({exc.strerror or exc})") from None


def load_trajectory(path: str | Path) -> Trajectory:
    """Read and validate one trajectory document; raises TrajectoryError naming the file."""
    return Trajectory.load(path)

