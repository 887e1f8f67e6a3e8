"""The one interface every policy implements: given the conversation so far, choose the next turn.

A policy returns a ``PolicyTurn``: the assistant message to record (OpenAI chat format) and the tool
call to run, or, when the reply held no usable call, an ``error`` to send back as the observation
(the turn is still spent). Policies hold per-episode state only between ``reset`` calls, so one
instance can serve many episodes in turn (never two at once).
"""

from __future__ import annotations

import abc
import json
from dataclasses import dataclass, field

from harness.records.observation import ToolCall

# The step tool name recorded for a turn whose reply held no usable tool call.
INVALID_TOOL = "<invalid>"


class PolicyError(RuntimeError):
    """The policy cannot produce a turn at all (bad spec, a fault of the policy); ends the episode as
    ``error``. Two kinds say more, and end it differently (``harness.episode.loop``):"""


class EndpointError(PolicyError):
    """The model endpoint could not complete the call (unreachable, refused, overloaded past the
    retries): the episode ends as ``infra_error`` and says nothing about the model.

    ``kind`` is one of ``unreachable``, ``auth``, ``unknown_model``, ``tools_rejected``, ``rejected``
    (another client error) and ``unavailable`` (transient failures that outlasted the retries)."""

    def __init__(self, message: str, *, kind: str = "unavailable"):
        super().__init__(message)
        self.kind = kind


class ContextExhausted(PolicyError):
    """The conversation no longer fits the model's context window: the model's own limit, so the
    episode ends as ``context_exhausted`` and counts as a failure."""


@dataclass
class EndpointCheck:
    """What a preflight found: the endpoint answered, serves the model and accepts the request shape."""

    endpoint: str
    model: str
    checks: list[str] = field(default_factory=list)  # each check passed, in plain words
    models_served: list[str] | None = None
    elapsed_ms: float = 0.0


@dataclass
class PolicyTurn:
    message: dict  # the assistant message as recorded, OpenAI chat format
    tool_call: ToolCall | None = None
    error: str | None = None  # why the reply held no usable call; sent back as an Error observation
    usage: dict | None = None  # {"prompt_tokens", "completion_tokens", "total_tokens"} when known
    extra_tool_calls: int = 0  # calls beyond the first in one reply, dropped (one call per turn)
    # The files a live session's viewer showed the person before this call: their reads, which a model
    # makes with bash or list_code. Recorded on the step as ``viewed``; only human steps are read so.
    viewed: list[str] = field(default_factory=list)
    # Who made the call when not the policy itself: "harness" for a call an adapter sent on its behalf
    # (trl's get_reward ending an episode with done). Recorded on the step as ``sent_by``.
    sent_by: str | None = None


@dataclass
class PolicyInfo:
    kind: str
    model: str | None = None
    params: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "model": self.model, "params": dict(self.params)}


class Policy(abc.ABC):
    #: True when the model needs the <tool_call> text format explained in its system prompt.
    text_tool_calls: bool = False
    #: True when one instance may serve several episodes at once (no per-episode state).
    shareable: bool = False

    @abc.abstractmethod
    def info(self) -> PolicyInfo:
        """What goes into the trajectory's ``policy`` field."""

    def preflight(self) -> EndpointCheck | None:
        """One cheap request that shows the policy can answer at all, before any episode; raises
        EndpointError saying what to set. None: nothing to check (no endpoint behind the policy)."""
        return None

    def reset(self, *, task: str, arm: str) -> None:  # noqa: B027 - stateless policies need nothing
        """Forget the previous episode; called before each one."""

    @abc.abstractmethod
    def act(self, messages: list[dict], tools: list[dict]) -> PolicyTurn:
        """The next turn for the conversation ``messages`` with the OpenAI function schemas ``tools``."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release what the policy holds (HTTP clients, model weights)."""


def assistant_message(content: str | None, call: ToolCall | None) -> dict:
    """An assistant message in OpenAI chat format carrying at most one tool call."""
    message: dict = {"role": "assistant", "content": content}
    if call is not None:
        message["tool_calls"] = [{
            "id": call.id, "type": "function",
            "function": {"name": call.name, "arguments": json.dumps(call.arguments)},
        }]
    return message


def scripted_turn(name: str, arguments: dict) -> PolicyTurn:
    """The turn of a policy that knows its call already (script, replay)."""
    call = ToolCall(name=name, arguments=arguments)
    return PolicyTurn(message=assistant_message(None, call), tool_call=call)
