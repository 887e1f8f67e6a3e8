"""The wire types of the Stepwise OpenEnv environment (``harness serve-env``), shared by the server
(``harness.interop.openenv_env``) and the typed client (``harness.interop.openenv_client``)."""

from __future__ import annotations

from typing import Any, Literal

from openenv.core.env_server.types import Action, Observation, State
from pydantic import Field


class StepwiseAction(Action):
    """One model reply: a tool call (the tool's name and its arguments, a JSON object) with the text that
    came with it, or text alone (no name: a reply without a tool call, answered as any adapter answers it)."""

    name: str = Field(default="", description="the tool to call (one of the observation's tools); empty: no call")
    arguments: dict[str, Any] = Field(default_factory=dict, description="the tool's arguments")
    content: str | None = Field(default=None, description="the model's text in this reply")
    sent_by: Literal["model", "harness"] = Field(
        default="model", description="'harness' for a call the client made on the model's behalf (recorded so)")


class StepwiseObservation(Observation):
    """What the agent sees: the text (the prompt after reset, then each tool's answer), the tool
    schemas, and once the episode is over its verdict and quality record."""

    text: str = Field(default="", description="the prompt (after reset) or the answer to the last call")
    tools: list[dict[str, Any]] = Field(default_factory=list, description="OpenAI-format tool schemas")
    episode_id: str = ""
    task: str = ""
    arm: str = ""
    turn: int = 0
    verified: bool | None = None
    exit_reason: str | None = None
    quality: dict[str, Any] | None = None
    trajectory: str | None = Field(default=None, description="the trajectory file on the server")
    error: str | None = None


class StepwiseState(State):
    """The episode so far: its id (made by the server), step count, task, arm, trajectory file and the
    conversation (OpenAI-format messages)."""

    task: str | None = None
    arm: str | None = None
    trajectory: str | None = None
    finished: bool = False
    conversation: list[dict[str, Any]] = Field(default_factory=list, description="the conversation so far "
                                                                           "(OpenAI-format messages)")
