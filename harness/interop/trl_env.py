"""Stepwise episodes as a trl environment: ``stepwise_environment(URL)`` makes the class that
``GRPOTrainer(environment_factory=...)`` wants, each instance playing one episode at a time on a
``python -m harness serve-env`` server over openenv-core's WebSocket client.

trl offers a class's public methods to the model as tools, their schemas built by transformers'
``get_json_schema`` from name, signature and docstring. The methods are generated here from the tool
registry's schemas of the arm (the same ones the server offers; each reset checks that), one per tool,
so the model is shown what the harness shows any other policy. Two things type hints cannot say are
simplified: a property without a description gets ``FALLBACK_DESCRIPTION``'s text (transformers
requires one), and an array's object items lose their inner properties (the descriptions carry
examples). Each call plays one step and returns the observation text; the model's arguments are passed
through untouched, so the episode refuses bad ones with its own error text, as it does for any policy.

``reset`` opens a session and starts an episode, ``get_reward`` ends it with ``done`` when the model did
not, so the verifier always runs, and closes the session. When more rollouts play at once than the
server's ``--max-sessions``, a reset waits (bounded) for a session another rollout gives back. openenv-core is imported on first reset only.
"""

from __future__ import annotations

import inspect
import keyword
import sys
import time
import weakref
from collections.abc import Iterable
from typing import Any

from harness.arms import DBG, check_arm
from harness.records.groups import toolset
from harness.trajectory import MODEL_OUTCOMES

# How a serve-env server's capacity refusal reads (the close reason, or openenv's error code).
FULL_SIGNS = ("server is full", "CAPACITY_REACHED")
# trl treats these members specially (and "_" ones as private), so no tool may be named so.
RESERVED = ("reset", "get_reward")
_HINTS: dict[str, Any] = {"string": str, "integer": int, "number": float, "boolean": bool, "object": dict}


def FALLBACK_DESCRIPTION(argument: str) -> str:  # noqa: N802 - reads as the constant it stands for
    """What the model is told about an argument the registry describes by name only."""
    return f"the {argument.replace('_', ' ')}"


class StepwiseEnvError(RuntimeError):
    """The server could not be reached, refused a reset, or offers other tools than this class."""


class _StepwiseSession:
    """One episode at a time on a serve-env server; the tool methods are added per arm."""

    # Set per class by stepwise_environment; private, so no tool name can shadow them.
    _base_url: str = ""
    _arm: str = DBG
    _task: str | None = None
    _tool_schemas: tuple[dict, ...] = ()
    _message_timeout_s: float = 600.0
    _token: str | None = None
    _wait_for_session_s: float = 600.0
    _model: str | None = None

    def __init__(self):
        self._client = None
        self._finalizer = None
        self._done = False
        self._reward: float | None = None
        self._broken: str | None = None

    def reset(self, **row) -> str:
        """Start an episode (``row["task"]`` or the factory's task; the server's default when neither)
        and return its prompt. Other dataset columns (the prompt itself) are ignored."""
        self._close()
        task = row.get("task", self._task)
        if task is not None and not isinstance(task, str):
            raise StepwiseEnvError(f"the row's task must be a task name, not {task!r}")
        if row.get("arm", self._arm) != self._arm:
            raise StepwiseEnvError(f"this environment plays the {self._arm!r} arm; the row asks for {row['arm']!r} "
                                   "(make one class per arm: stepwise_environment(url, arm=...))")
        kwargs = ({"arm": self._arm} | ({"task": task} if task is not None else {})
                  | ({"model": self._model} if self._model else {}))
        deadline = time.monotonic() + self._wait_for_session_s
        delay, told = 0.5, False
        while True:
            result = self._open_and_reset(kwargs)
            if result is not None:
                break
            # The server is full: more rollouts play at once than --max-sessions. Wait (bounded) for a
            # session another rollout gives back, rather than fail the training step.
            if time.monotonic() + delay > deadline:
                raise StepwiseEnvError(
                    f"the server at {self._base_url} stayed full for {self._wait_for_session_s:g} s; start it "
                    "with --max-sessions at least the rollouts trl plays at once (per_device_train_batch_size), "
                    "or give stepwise_environment a longer wait_for_session_s")
            if not told:
                print(f"stepwise: the server at {self._base_url} is full; waiting up to "
                      f"{self._wait_for_session_s:g} s for a free session", file=sys.stderr)
                told = True
            time.sleep(delay)
            delay = min(delay * 2, 5.0)
        observation = result.observation or {}
        offered = observation.get("tools") or []
        if offered != list(self._tool_schemas):
            self._close()
            raise StepwiseEnvError(f"the server at {self._base_url} offers other {self._arm} tools than this class "
                                   f"was built with ({_difference(offered, list(self._tool_schemas))}); run the same "
                                   "Stepwise version on both sides")
        if result.done:  # the episode could not start (its sandbox failed): nothing to play
            self._finish(result.reward, observation)
        return str(observation.get("text") or "")

    def _open_and_reset(self, kwargs: dict):
        """A new session's reset result; None when the server is full (the session is closed again)."""
        from harness.interop.openenv_client import StepwiseGenericClient

        client = StepwiseGenericClient(self._base_url, token=self._token,
                                       message_timeout_s=self._message_timeout_s).sync()
        self._client = client
        self._finalizer = weakref.finalize(self, _close_quietly, client)
        self._done, self._reward, self._broken = False, None, None
        try:
            return client.reset(**kwargs)
        except ConnectionError as exc:
            self._close()
            raise StepwiseEnvError(f"cannot reach {self._base_url} ({exc}); is `python -m harness serve-env` "
                                   "running there?") from None
        except Exception as exc:  # the server's refusal (unknown task, full) or a lost socket
            self._close()
            if any(sign in str(exc) for sign in FULL_SIGNS):
                return None
            raise StepwiseEnvError(f"the server at {self._base_url} refused the reset: {exc}") from None

    def get_reward(self) -> float | None:
        """The episode's reward (1.0 when the fix is verified), ending it with ``done`` first if the model
        never called it. None when the episode did not end by the model's doing (its sandbox or the server
        failed, the socket was lost), as the harness's own GRPO leaves such episodes unscored: trl then
        leaves it out rather than count it as the model's failure."""
        if self._client is not None and not self._done and self._broken is None:
            self._call("done", {}, sent_by="harness")
        self._close()
        return None if self._broken is not None else self._reward

    def _record_reply(self, text: str) -> None:
        """The model's closing text reply (the one without a tool call that ended trl's rollout), played
        as that reply, so the trajectory holds it; get_reward then ends the episode."""
        if self._client is not None and not self._done and self._broken is None:
            self._send({"name": "", "content": text})

    # -- helpers ---------------------------------------------------------------------------------
    def _call(self, name: str, arguments: dict, sent_by: str = "model") -> str:
        if self._client is None:
            return "Error: no episode is running (reset starts one)."
        if self._done:
            return "Error: the episode is over; no more tool calls are played."
        if self._broken is not None:
            return f"Error: the episode was lost ({self._broken}); no more tool calls are played."
        return self._send({"name": name, "arguments": arguments, "sent_by": sent_by})

    def _send(self, action: dict) -> str:
        assert self._client is not None
        try:
            result = self._client.step(action)
        except Exception as exc:  # a lost or timed-out socket: the session's replies no longer line up
            self._broken = str(exc) or type(exc).__name__
            return f"Error: the episode was lost ({self._broken}); no more tool calls are played."
        observation = result.observation or {}
        if result.done:
            self._finish(result.reward, observation)
        text = str(observation.get("text") or "")
        if not text and self._broken is not None:
            return f"Error: the episode was lost ({self._broken})."
        return text

    def _finish(self, reward, observation: dict) -> None:
        self._done = True
        self._reward = float(reward) if isinstance(reward, (int, float)) else None
        exit_reason = observation.get("exit_reason")
        if exit_reason not in MODEL_OUTCOMES:
            self._broken = f"it ended as {exit_reason}: {observation.get('error') or 'no reason given'}"
        elif self._reward is None:
            self._broken = "the last step carried no reward"

    def _close(self) -> None:
        finalizer, self._finalizer, self._client = self._finalizer, None, None
        if finalizer is not None:
            finalizer()


def record_replies(completions: list, environments: list | None = None, **_: Any) -> list[None]:
    """A reward function for ``GRPOTrainer(reward_funcs=[record_replies], ...)`` that scores nothing: it
    plays each rollout's closing text reply (trl never shows it to an environment) into its episode, so
    the trajectory records what the model said last. List it before the environment's reward: trl calls
    reward functions in order, and ``get_reward`` (added last) then ends the episode."""
    for completion, environment in zip(completions, environments or [], strict=False):
        if not isinstance(environment, _StepwiseSession):
            continue
        last = completion[-1] if isinstance(completion, list) and completion else completion
        if isinstance(last, dict):
            if last.get("role") != "assistant" or last.get("tool_calls"):
                continue  # the rollout ended on a tool call (trl's iteration limit): no closing reply
            text = last.get("content")
            text = text if isinstance(text, str) else "".join(
                part.get("text", "") for part in text or [] if isinstance(part, dict))
        else:
            text = str(last)
        environment._record_reply(text)
    return [None] * len(completions)


def _check_served(base_url: str, wanted: list[str], token: str | None) -> None:
    """Raise StepwiseEnvError naming the tasks in ``wanted`` the server does not serve."""
    import os

    import httpx

    from harness.interop.openenv_env import TASKS_PATH
    from harness.interop.openenv_guard import TOKEN_ENV

    url = base_url.replace("ws://", "http://", 1).replace("wss://", "https://", 1) + TASKS_PATH
    secret = token if token is not None else os.environ.get(TOKEN_ENV, "")
    try:
        reply = httpx.get(url, headers={"Authorization": f"Bearer {secret}"}, timeout=30)
    except httpx.HTTPError as exc:
        raise StepwiseEnvError(f"cannot reach {base_url} ({exc}); is `python -m harness serve-env` running "
                               "there?") from None
    if reply.status_code != 200:
        raise StepwiseEnvError(f"the server at {base_url} would not list its tasks ({reply.status_code}: "
                               f"{reply.text[:200]}); check the token (${TOKEN_ENV})")
    served = set(reply.json().get("tasks") or [])
    missing = [name for name in wanted if name not in served]
    if missing:
        raise StepwiseEnvError(f"the server at {base_url} does not serve task(s) {', '.join(missing)}; start it "
                               f"with --task for each task the dataset names (it serves: "
                               f"{', '.join(sorted(served)) or 'none'})")


def _close_quietly(client) -> None:
    try:
        client.close()
    except Exception:  # closing a socket the server dropped already
        pass


def _difference(offered: list[dict], expected: list[dict]) -> str:
    names = {s.get("function", {}).get("name") for s in offered if isinstance(s, dict)}
    wanted = {s["function"]["name"] for s in expected}
    parts = []
    if names - wanted:
        parts.append("only there: " + ", ".join(sorted(str(n) for n in names - wanted)))
    if wanted - names:
        parts.append("missing there: " + ", ".join(sorted(wanted - names)))
    return "; ".join(parts) or "the same names, other schemas"


def _hint(spec: dict) -> Any:
    """The type hint transformers turns back into ``spec``'s type (arrays keep their items' type)."""
    if spec.get("type") == "array":
        items = spec.get("items")
        return list[_hint(items)] if isinstance(items, dict) and items.get("type") else list
    return _HINTS.get(str(spec.get("type")), Any)


_OMITTED = object()  # the default of an optional argument: only what the model gives is sent


def _tool_method(schema: dict):
    """A method named after the tool whose signature and Google-style docstring give ``schema`` back
    through ``get_json_schema``; it sends whatever keyword arguments it gets."""
    function = schema["function"]
    name = function["name"]
    parameters = function.get("parameters") or {}
    properties = parameters.get("properties") or {}
    required = set(parameters.get("required") or [])
    if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_") or name in RESERVED:
        raise ValueError(f"tool {name!r} cannot be a trl environment method")

    def method(self, **arguments):
        return self._call(name, arguments)

    signature = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    lines = [function.get("description") or name]
    if properties:
        lines += ["", "Args:"]
    for argument, spec in properties.items():
        if not argument.isidentifier() or keyword.iskeyword(argument):
            raise ValueError(f"tool {name!r}: argument {argument!r} cannot be a Python parameter")
        default = inspect.Parameter.empty if argument in required else _OMITTED
        signature.append(inspect.Parameter(argument, inspect.Parameter.KEYWORD_ONLY, default=default,
                                           annotation=_hint(spec)))
        lines.append(f"    {argument}: {spec.get('description') or FALLBACK_DESCRIPTION(argument)}")
    method.__name__ = method.__qualname__ = name
    method.__doc__ = "\n".join(lines)
    method.__signature__ = inspect.Signature(signature)  # pyright: ignore[reportFunctionMemberAccess]
    method.__annotations__ = {p.name: p.annotation for p in signature[1:]}
    return method


def stepwise_environment(base_url: str, arm: str = DBG, task: str | None = None, *,
                         message_timeout_s: float = 600.0, token: str | None = None,
                         wait_for_session_s: float = 600.0, model: str | None = None,
                         tasks: Iterable[str] | None = None) -> type:
    """The environment class for ``GRPOTrainer(environment_factory=...)``: each instance plays ``arm``'s
    episodes on the serve-env server at ``base_url`` (``http://HOST:PORT``), of ``task`` unless the
    dataset row names one in a ``task`` column (None: the server's first task). ``token`` is the
    server's (default: ``$STEPWISE_ENV_TOKEN``). A reset that finds the server full waits up to
    ``wait_for_session_s`` for a free session, then fails with what to change. ``model`` is the name
    of the model being trained, recorded in each episode's trajectory. ``tasks`` (the dataset's
    ``task`` column) and ``task`` are checked against the tasks the server serves now, so a name it
    does not serve fails here, before training starts."""
    check_arm(arm)
    if not isinstance(base_url, str) or not base_url.startswith(("http://", "https://", "ws://", "wss://")):
        raise ValueError(f"base_url must be the server's http:// or ws:// address, not {base_url!r}")
    wanted: list[str] = sorted({str(name) for name in (*(tasks or ()), *([task] if task is not None else []))})
    if wanted:
        _check_served(base_url.rstrip("/"), wanted, token)
    schemas = toolset(arm)
    namespace: dict[str, Any] = {s["function"]["name"]: _tool_method(s) for s in schemas}
    namespace.update(_base_url=base_url.rstrip("/"), _arm=arm, _task=task, _tool_schemas=tuple(schemas),
                     _message_timeout_s=message_timeout_s, _token=token,
                     _wait_for_session_s=wait_for_session_s, _model=model, __module__=__name__,
                     __doc__=f"Stepwise episodes ({arm} arm) on {base_url}, one at a time; its tools are methods.")
    # The name is the reward column trl logs (rewards/<name>/mean), one per arm.
    return type(f"Stepwise{arm.capitalize()}", (_StepwiseSession,), namespace)
