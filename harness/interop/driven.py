"""An episode whose turns come from outside: ``run_episode`` plays in a thread, and each time its
policy is asked for a turn the conversation so far is handed to a driver (an Inspect solver, a
verifiers environment, an OpenEnv session), which answers with the model's reply.

This is the one seam the adapters share, so they play the same loop, tools, verifier and scorer as
``harness run`` and write the same trajectory document. The driver's reply is untrusted model output:
it is parsed by the same code as an OpenAI endpoint's (``turn_from_reply``), and a reply without a
usable call costs its turn exactly as it would there.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import Task
from harness.episode.scoring import Scorer, play_and_score
from harness.interop.defaults import MAX_TURNS
from harness.policies.base import Policy, PolicyError, PolicyInfo, PolicyTurn, assistant_message
from harness.policies.parsing import turn_from_reply
from harness.records.observation import ToolCall
from harness.sandbox.backends import DEFAULT_BACKEND
from harness.sandbox.backends.base import Limits, SandboxSource
from harness.trajectory import EpisodeResult, Trajectory


class DriverGone(PolicyError):
    """The driver stopped sending turns (closed, disconnected, timed out): the episode ends as
    ``error`` with this reason, and what was played is kept."""


@dataclass
class Turn:
    """What the driver sees between two replies: the whole conversation, the messages added since
    its last reply (the observation), the tool schemas, and, once the episode is over, its trajectory."""

    messages: list[dict]
    new_messages: list[dict]
    tools: list[dict]
    finished: bool = False
    trajectory: Trajectory | None = None
    error: str | None = None  # the episode stopped with an exception outside the loop

    @property
    def observation(self) -> str:
        """The text of the tool's (or the error's) answer to the last reply; '' before the first."""
        texts = [m.get("content") or "" for m in self.new_messages if m.get("role") in ("tool", "user")]
        return "\n".join(t for t in texts if isinstance(t, str))

    @property
    def result(self) -> EpisodeResult | None:
        return self.trajectory.result if self.trajectory is not None else None


@dataclass
class _Request:
    messages: list[dict]
    tools: list[dict]


# Every adapter's rule for a model reply without a tool call: the first is answered with the format
# error and this reminder; a second in a row ends the episode with a ``done`` the harness sends for the
# model (recorded ``sent_by: harness``), so the verifier judges the workspace as the model left it. (trl
# ends its rollout at the first such reply itself; its get_reward then sends that same done.)
NO_CALL_REMINDER = (" Reply with one tool call; another reply without one ends the episode "
                    "(done is then called for you).")
NO_CALL_LIMIT = 2


def harness_done() -> PolicyTurn:
    """The ``done`` the harness sends when the model stopped calling tools."""
    call = ToolCall("done", {})
    return PolicyTurn(message=assistant_message(None, call), tool_call=call, sent_by="harness")


class DrivenPolicy(Policy):
    """The policy inside the episode's thread: each ``act`` hands the conversation out and blocks
    until the driver's reply (a PolicyTurn) comes back, or raises DriverGone. Replies without a tool
    call follow ``NO_CALL_LIMIT``'s rule."""

    def __init__(self, info: PolicyInfo, requests: queue.Queue, replies: queue.Queue,
                 reply_timeout: float | None):
        self._info = info
        self._requests = requests
        self._replies = replies
        self._reply_timeout = reply_timeout
        self._without_call = 0  # replies in a row without a usable tool call

    def info(self) -> PolicyInfo:
        return self._info

    def act(self, messages: list[dict], tools: list[dict]) -> PolicyTurn:
        if self._without_call >= NO_CALL_LIMIT:
            return harness_done()
        self._requests.put(_Request([dict(m) for m in messages], tools))
        try:
            reply = self._replies.get(timeout=self._reply_timeout)
        except queue.Empty:
            raise DriverGone(f"no reply came within {self._reply_timeout:g} s; the episode was closed") from None
        if isinstance(reply, DriverGone):
            raise reply
        if reply.tool_call is not None:
            self._without_call = 0
        else:
            self._without_call += 1
            if self._without_call < NO_CALL_LIMIT:
                reply.error = (reply.error or "the reply held no tool call") + NO_CALL_REMINDER
        return reply


SENT_BY_KEY = "stepwise_sent_by"  # in a driver's reply: "harness" when the driver, not the model, made it


def reply_turn(message: dict | str) -> PolicyTurn:
    """The PolicyTurn of a driver's reply: an OpenAI-format assistant message (native ``tool_calls``
    or the ``<tool_call>`` text format), or plain text. Anything else is an invalid reply, not a crash."""
    if isinstance(message, str):
        return turn_from_reply(message)
    if not isinstance(message, dict):
        return turn_from_reply(None)
    content = message.get("content")
    if not isinstance(content, str):
        content = None
    calls = message.get("tool_calls")
    turn = turn_from_reply(content, calls if isinstance(calls, list) else None, usage=message.get("usage")
                           if isinstance(message.get("usage"), dict) else None)
    if message.get(SENT_BY_KEY) == "harness":  # the driver's own call, not the model's (never sent to it)
        turn.sent_by = "harness"
    return turn


@dataclass
class EpisodeSpec:
    """What ``run_episode`` needs besides the policy (see its docstring)."""

    task: Task | str | Path  # a corpus Task, a task folder or a task name
    arm: str
    out: Path
    backend: str | SandboxSource = DEFAULT_BACKEND
    max_turns: int = MAX_TURNS
    split: str | None = None
    scorer: Scorer | None = None  # applied after playing (``score_episode``)
    episode_id: str | None = None
    header_extra: dict = field(default_factory=dict)
    limits: Limits | None = None


class DrivenEpisode:
    """Start with ``start()``; answer each ``Turn`` with ``reply(message)`` until ``turn.finished``.
    ``close()`` at any point ends the episode (as ``error``: the driver went away) and waits for its
    sandbox to be released. Not thread-safe: one driver per episode."""

    def __init__(self, spec: EpisodeSpec, *, model: str | None = None, kind: str = "driven",
                 reply_timeout: float | None = 600.0, params: dict | None = None):
        self.spec = spec
        self._requests: queue.Queue = queue.Queue()
        self._replies: queue.Queue = queue.Queue()
        self._policy = DrivenPolicy(PolicyInfo(kind, model, dict(params or {})), self._requests, self._replies,
                                    reply_timeout)
        self._thread: threading.Thread | None = None
        self._done = threading.Event()
        self._trajectory: Trajectory | None = None
        self._error: str | None = None
        self._seen = 0
        self._last: Turn | None = None

    # -- the episode's thread --------------------------------------------------------------------
    def _run(self) -> None:
        spec = self.spec
        try:
            self._trajectory = play_and_score(
                spec.task, self._policy, scorer=spec.scorer, arm=spec.arm, backend=spec.backend,
                max_turns=spec.max_turns, out=spec.out, split=spec.split, episode_id=spec.episode_id,
                header_extra=spec.header_extra or None, limits=spec.limits)
        except Exception as exc:  # a bad task or arm, refused before the loop: the driver is told
            self._error = f"{type(exc).__name__}: {exc}"
        finally:
            self._done.set()
            self._requests.put(None)  # wake a driver waiting for the next turn

    # -- the driver's side -----------------------------------------------------------------------
    def start(self, timeout: float | None = None) -> Turn:
        if self._thread is not None:
            raise RuntimeError("the episode has started already")
        self._thread = threading.Thread(target=self._run, name=f"driven-{self.spec.arm}", daemon=True)
        self._thread.start()
        return self._next(timeout)

    def reply(self, message: dict | str | PolicyTurn, timeout: float | None = None) -> Turn:
        """Answer the last turn with the model's reply; returns the next turn (or the finished one)."""
        if self._last is None or self._last.finished:
            raise RuntimeError("no turn is waiting for a reply" if self._last is None else "the episode is over")
        self._replies.put(message if isinstance(message, PolicyTurn) else reply_turn(message))
        return self._next(timeout)

    def _next(self, timeout: float | None) -> Turn:
        try:
            request = self._requests.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"the episode gave no turn within {timeout:g} s") from None
        if request is None:
            if self._thread is not None:
                self._thread.join()
            trajectory = self._trajectory
            messages = list(trajectory.messages) if trajectory is not None else []
            turn = Turn(messages, messages[self._seen:], [], finished=True, trajectory=trajectory, error=self._error)
        else:
            turn = Turn(request.messages, request.messages[self._seen:], request.tools)
            self._seen = len(request.messages)
        self._last = turn
        return turn

    @property
    def finished(self) -> bool:
        return self._done.is_set()

    @property
    def trajectory(self) -> Trajectory | None:
        return self._trajectory

    def close(self, reason: str = "the driver closed the episode") -> Trajectory | None:
        """End the episode now if it is still playing; returns its trajectory once written."""
        if self._thread is None:
            return None
        if not self._done.is_set():
            self._replies.put(DriverGone(reason))
        self._thread.join()
        return self._trajectory
