"""The turn loop: ask the policy, run its one tool call in the sandbox, record the step; until
``done``, the budget, a policy failure (``policy_failure`` sorts it) or a dead sandbox. Nothing here
verifies or scores."""

from __future__ import annotations

from dataclasses import dataclass, field

from harness.episode.changes import WorkspaceChanges
from harness.episode.recorder import Recorder
from harness.policies.base import INVALID_TOOL, ContextExhausted, EndpointError, Policy, PolicyError
from harness.records.observation import Observation, ToolCall
from harness.sandbox.backends.base import Sandbox
from harness.trajectory import ExitReason, Step


@dataclass
class LoopOutcome:
    exit_reason: ExitReason
    reason: str | None = None
    turns: int = 0
    usage: dict = field(default_factory=dict)  # token counts summed over the turns

    def add_usage(self, usage: dict | None) -> None:
        for key, value in (usage or {}).items():
            if isinstance(value, int | float):
                self.usage[key] = self.usage.get(key, 0) + value


def policy_failure(exc: PolicyError) -> ExitReason:
    """The exit reason of a turn the policy could not produce: the model's context ran out (its own
    limit, a counted failure), the endpoint failed (says nothing about the model), or the policy's fault."""
    if isinstance(exc, ContextExhausted):
        return ExitReason.CONTEXT_EXHAUSTED
    if isinstance(exc, EndpointError):
        return ExitReason.INFRA_ERROR
    return ExitReason.ERROR


def step_of(turn: int, call: ToolCall | None, arguments, observation: Observation, usage,
            viewed: list[str] | None = None, sent_by: str | None = None) -> Step:
    extra: dict = {"viewed": list(viewed)} if viewed else {}
    if sent_by:
        extra["sent_by"] = sent_by
    return Step(turn=turn, tool=call.name if call else INVALID_TOOL, arguments=arguments,
                observation=observation.text, position=observation.position, duration_ms=observation.duration_ms,
                error=bool(observation.error), debugger=observation.debugger,
                shell=observation.shell, call_id=call.id if call else None, usage=usage or None, extra=extra)


def play_turns(policy: Policy, sandbox: Sandbox, messages: list[dict], tools: list[dict], max_turns: int,
               recorder: Recorder, changes: WorkspaceChanges) -> LoopOutcome:
    """Play up to ``max_turns`` turns, appending to ``messages`` and recording every event."""
    outcome = LoopOutcome(ExitReason.MAX_TURNS)

    def say(message: dict) -> None:
        messages.append(message)
        recorder.emit("message", {"message": message})

    for turn in range(1, max_turns + 1):
        try:
            move = policy.act(messages, tools)
        except PolicyError as exc:
            outcome.exit_reason, outcome.reason = policy_failure(exc), str(exc)
            break
        outcome.turns = turn
        outcome.add_usage(move.usage)
        say(move.message)
        if move.tool_call is None:
            # A reply without a usable call still costs its turn; the policy is told the format.
            observation = Observation.failure(move.error or "the reply held no tool call")
            say({"role": "user", "content": observation.text})
            raw = move.message.get("content") or ""
            recorder.emit("step", {"step": step_of(turn, None, {"reply": raw[:4000]}, observation, move.usage).to_json()})
            continue
        call = move.tool_call
        observation = sandbox.call(call)  # duration_ms: the host's wait, timed by the sandbox
        if move.extra_tool_calls:
            observation.text += (f"\n(Note: {move.extra_tool_calls} more tool call(s) in that reply were "
                                 "ignored: one tool call per turn.)")
        changes.after(call, observation)  # before recording: it may add a note about unread entries
        say({"role": "tool", "tool_call_id": call.id, "content": observation.text})
        recorder.emit("step", {"step": step_of(turn, call, call.arguments, observation, move.usage,
                                               move.viewed, move.sent_by).to_json()})
        if observation.done:
            outcome.exit_reason = ExitReason.DONE
            break
        if sandbox.crashed:
            # The model's program ran into a limit: its own failure (counted). Anything else: the harness's.
            outcome.exit_reason = ExitReason.LIMIT if sandbox.hit_limit else ExitReason.CRASH
            outcome.reason = sandbox.crash_reason or "the sandbox stopped answering"
            break
    return outcome
