"""Reading an untrusted trajectory document into the ordered actions the scorers judge.

A model wrote most of a trajectory, so the document is hostile input: fields may be missing, of the
wrong type, or huge. ``read_trajectory`` either returns a ``TrajectoryView`` or raises
``ScoringError`` with a message naming the field at fault; it never lets a ``KeyError`` or
``TypeError`` escape. Observations and edit strings are read up to a cap, so a 100 MB observation
costs no more than a normal one.
"""

from __future__ import annotations

from dataclasses import dataclass

import jsonschema

from harness.records.debugger import DebuggerRecord
from harness.records.shell import ShellRecord
from harness.trajectory import SCHEMA_ID, TRAJECTORY_SCHEMA, Step, Trajectory

MAX_STEPS = 10_000
MAX_TEXT_CHARS = 64_000  # per observation or argument string; the harness itself caps at a few KB
MAX_ERRORS_SHOWN = 3


class ScoringError(ValueError):
    """A document the scorers cannot read; the message names the field and what to do."""


# The parts of the trajectory contract the scorers read; header fields they do not need
# (episode_id, started_at, ...) are not required here, so partial documents still score.
_VIEW_SCHEMA = {
    "type": "object",
    "required": ["steps"],
    "properties": {key: TRAJECTORY_SCHEMA["properties"][key]
                   for key in ("schema", "task", "arm", "steps", "result")},
}
_VIEW_SCHEMA["properties"]["preference"] = {"type": ["string", "null"]}
_VALIDATOR = jsonschema.Draft202012Validator(_VIEW_SCHEMA)


@dataclass(frozen=True)
class Action:
    """One step: a tool call and what came back, with text fields capped."""

    turn: int
    tool: str
    arguments: dict
    observation: str
    position: tuple[str, int] | None
    error: bool
    viewed: tuple[str, ...] = ()  # files a person's session viewer showed before this step (human only)
    debugger: DebuggerRecord | None = None  # what the debugger knew after it (Step.debugger)
    shell: ShellRecord | None = None  # what a bash call did (Step.shell)

    def text_argument(self, key: str) -> str | None:
        """A string argument, capped; None when absent or not a string."""
        value = self.arguments.get(key)
        return value[:MAX_TEXT_CHARS] if isinstance(value, str) else None

    def full_argument(self, key: str) -> str | None:
        """A string argument uncapped (edit contents), None when absent or not a string."""
        value = self.arguments.get(key)
        return value if isinstance(value, str) else None


@dataclass(frozen=True)
class TrajectoryView:
    """What the scorers read from one document."""

    actions: tuple[Action, ...]
    task: str | None = None
    arm: str | None = None
    preference: str | None = None
    verified: bool | None = None
    exit_reason: str | None = None
    # The verifier's patch scan findings (result.suspicious_patch): such an episode earns nothing.
    suspicious_patch: tuple = ()


def as_document(trajectory) -> dict:
    """The ``stepwise.trajectory/1`` dict of a document or of a typed trajectory (``to_json()``)."""
    if isinstance(trajectory, dict):
        return trajectory
    to_json = getattr(trajectory, "to_json", None)
    if callable(to_json):
        doc = to_json()
        if isinstance(doc, dict):
            return doc
        raise ScoringError(f"{type(trajectory).__name__}.to_json() returned {type(doc).__name__}, "
                           "not a trajectory document")
    raise ScoringError(f"document: expected a JSON object (a {SCHEMA_ID} document), "
                       f"got {type(trajectory).__name__}")


def _where(error: jsonschema.ValidationError) -> str:
    return ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in error.absolute_path) \
        .replace(".[", "[") or "document"


def _step_is_plain(step) -> bool:
    """True when a step certainly satisfies the schema (a fast check; the schema explains failures)."""
    if not isinstance(step, dict) or "arguments" not in step:
        return False
    turn, position, duration, error = step.get("turn"), step.get("position"), step.get("duration_ms"), step.get("error")
    return (isinstance(turn, int) and not isinstance(turn, bool) and turn >= 0
            and isinstance(step.get("tool"), str) and isinstance(step.get("observation"), str)
            and (position is None or _position(position) is not None and not isinstance(position[1], bool))
            and (duration is None or isinstance(duration, int | float) and not isinstance(duration, bool))
            and (error is None or isinstance(error, bool))
            and isinstance(step.get("debugger"), dict | None)  # a record's shape: _debugger() checks
            and isinstance(step.get("shell"), dict | None))


def schema_problems(doc: dict) -> list[str]:
    """'field: reason' for each way the parts the scorers read break the contract.

    The schema walks every step slowly, so plain steps are checked by hand and only a document with
    an odd step is walked whole (for messages that name the field)."""
    steps = doc.get("steps")
    if isinstance(steps, list) and all(_step_is_plain(step) for step in steps):
        doc = {**doc, "steps": []}
    errors = sorted(_VALIDATOR.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    return [f"{_where(e)}: {_short(e.message)}" for e in errors]


def _short(message: str) -> str:
    return message if len(message) <= 160 else message[:157] + "..."


def _position(raw) -> tuple[str, int] | None:
    if isinstance(raw, list | tuple) and len(raw) == 2 and isinstance(raw[0], str) and isinstance(raw[1], int):
        return raw[0], int(raw[1])
    return None


def read_trajectory(trajectory) -> TrajectoryView:
    """What the scorers read of a trajectory, as actions; raises ScoringError naming the field.

    A ``Trajectory`` was validated when it was loaded and its steps carry their records, so it is read
    as it is. A document (a dict, untrusted: ``harness score`` takes partial ones) is checked against
    the parts the scorers need, and each step goes through ``Step.from_json``, the one step reader."""
    if isinstance(trajectory, Trajectory):
        return _view_of(trajectory)
    doc = as_document(trajectory)
    steps = doc.get("steps")
    if isinstance(steps, list) and len(steps) > MAX_STEPS:
        raise ScoringError(f"steps: {len(steps)} steps is more than the {MAX_STEPS} the scorer reads; "
                           "an episode has one step per turn, so this is not a real trajectory")
    try:
        problems = schema_problems(doc)
    except RecursionError:
        raise ScoringError("document: nested too deeply to be a trajectory") from None
    if problems:
        more = f" (and {len(problems) - MAX_ERRORS_SHOWN} more)" if len(problems) > MAX_ERRORS_SHOWN else ""
        raise ScoringError(f"not a {SCHEMA_ID} document: " + "; ".join(problems[:MAX_ERRORS_SHOWN]) + more)
    policy = doc.get("policy")
    human = isinstance(policy, dict) and policy.get("kind") == "human"
    actions = tuple(_action(_step(step, index), human) for index, step in enumerate(steps or ()))
    result = given if isinstance(given := doc.get("result"), dict) else {}
    preference = doc.get("preference")
    return TrajectoryView(actions=actions, task=doc.get("task"), arm=doc.get("arm"),
                          preference=preference if isinstance(preference, str) else None,
                          verified=result.get("verified") if "verified" in result else None,
                          exit_reason=result.get("exit_reason"), suspicious_patch=suspicious_findings(result))


def _view_of(trajectory: Trajectory) -> TrajectoryView:
    if len(trajectory.steps) > MAX_STEPS:
        raise ScoringError(f"steps: {len(trajectory.steps)} steps is more than the {MAX_STEPS} the scorer reads")
    human = trajectory.policy.get("kind") == "human"
    preference = trajectory.extra.get("preference")
    result = trajectory.result
    return TrajectoryView(actions=tuple(_action(step, human) for step in trajectory.steps), task=trajectory.task,
                          arm=trajectory.arm, preference=preference if isinstance(preference, str) else None,
                          verified=result.verified, exit_reason=str(result.exit_reason),
                          suspicious_patch=suspicious_findings(result.extra))


def _step(step: dict, index: int) -> Step:
    """A schema-checked step document as a ``Step``; its text is capped first, so an old step's records
    are read from no more than the scorer reads."""
    observation = step["observation"]
    if len(observation) > MAX_TEXT_CHARS:
        step = {**step, "observation": observation[:MAX_TEXT_CHARS]}
    try:
        return Step.from_json(step)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise ScoringError(f"steps[{index}]: not a step the scorer can read ({type(exc).__name__}: {exc})") from None


def _action(step: Step, human: bool) -> Action:
    observation = step.observation[:MAX_TEXT_CHARS]
    return Action(turn=int(step.turn), tool=step.tool[:200],
                  arguments=step.arguments if isinstance(step.arguments, dict) else {},
                  observation=observation, position=step.position,
                  error=bool(step.error) or observation.lstrip().startswith("Error:"),
                  viewed=_viewed(step.extra) if human else (), debugger=step.debugger, shell=step.shell)


def _viewed(step: dict) -> tuple[str, ...]:
    viewed = step.get("viewed")
    if not isinstance(viewed, list):
        return ()
    return tuple(path[:500] for path in viewed[:50] if isinstance(path, str) and path)


def suspicious_findings(result: dict) -> tuple:
    """The patch scan's findings recorded in a trajectory's ``result`` (empty when there are none)."""
    findings = result.get("suspicious_patch") if isinstance(result, dict) else None
    return tuple(findings) if isinstance(findings, list) else ()
