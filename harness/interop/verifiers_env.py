"""A multi-turn environment for Stepwise, in the shape of verifiers' ``MultiTurnEnv``, built on
``harness.interop.driven``.

``load_environment(...)`` returns a ``StepwiseEnv``: its ``dataset`` has one row per Stepwise task
(``prompt`` is the episode's opening messages: the arm's system prompt and the task's bug report).
A rollout starts a ``DrivenEpisode`` for the row's task (``setup_state``), sends each model reply
(an assistant message with tool calls) to ``episode.reply`` and answers with the Turn's new
messages, the tool results (``env_response``), and ends when the Turn is finished
(``is_completed``). The episode plays the same loop, tools, sandbox, verifier and scorer as
``harness run``; ``state["trajectory"]`` is its trajectory document.

The rubric's reward functions read that document and are the scoring seam's components
(``harness.scoring.rubric``) with the config's weights, so the rollout's reward is the Stepwise
rubric's total; ``verified`` (1/0) and ``total`` are always reported as metrics.

Note on verifiers 0.4.0: the installed release is the ``verifiers.v1`` stack (Env / Taskset /
Harness running agent programs in runtimes); it no longer ships ``MultiTurnEnv``, ``Rubric`` or
``Environment.evaluate``. This module therefore implements that contract itself (it needs only an
``openai.AsyncOpenAI``-compatible client) rather than subclassing a class that is not there. The
native v1 environment is ``harness.interop.verifiers_v1`` (``load_environment(..., api="v1")``, or
the taskset id ``stepwise-debug-repair``); both take their tasks and rubric from
``harness.interop.verifiers_common``.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from corpus.format import Task
from harness.interop.defaults import MAX_TURNS, SPLIT, trajectory_folder
from harness.interop.driven import DrivenEpisode, EpisodeSpec, Turn
from harness.interop.verifiers_common import (
    StepwiseRubric,
    close_episode,
    load_rubric,
    opening_messages,
    select_tasks,
    start_episode,
    task_split,
)
from harness.records.groups import toolset
from harness.sandbox.backends import DEFAULT_BACKEND
from harness.scoring.rubric import episode_scorer
from harness.trajectory import Trajectory

if TYPE_CHECKING:  # the v1 module imports verifiers; this one does not
    from harness.interop.verifiers_v1 import DebugRepairEnv


# -- the environment ---------------------------------------------------------------------------
def _document(trajectory: Trajectory | None) -> dict | None:
    """What a rollout's state carries: the trajectory as its JSON document (verifiers copies states)."""
    return trajectory.to_json(check=False) if trajectory is not None else None


def _assistant_dict(message: Any) -> dict:
    """An OpenAI SDK message (or a dict) as a plain chat message."""
    if hasattr(message, "model_dump"):
        message = message.model_dump(exclude_none=True)
    message = dict(message) if isinstance(message, Mapping) else {"role": "assistant", "content": str(message)}
    message["role"] = "assistant"
    return message


class StepwiseEnv:
    """Multi-turn Stepwise environment (``MultiTurnEnv``'s contract: ``setup_state``,
    ``env_response``, ``is_completed``, ``rollout``, ``evaluate``)."""

    def __init__(self, rows: list[dict], tasks: dict[str, Task], *, arm: str, max_turns: int,
                 backend, rubric: StepwiseRubric, out_dir: Path, policy_config=None,
                 reply_timeout: float | None = 600.0):
        self.dataset = rows
        self.tasks = tasks
        self.arm = arm
        self.max_turns = max_turns
        self.backend = backend
        self.rubric = rubric
        self.out_dir = Path(out_dir)
        self.policy_config = policy_config
        self.reply_timeout = reply_timeout
        self.oai_tools = toolset(arm)

    # -- MultiTurnEnv's hooks --------------------------------------------------------------------
    async def setup_state(self, state: dict, model: str | None = None) -> dict:
        row = state["info"]
        task = self.tasks[state["task"]]
        episode_id = uuid.uuid4().hex
        spec = EpisodeSpec(task=task, arm=self.arm, out=self.out_dir / f"{task.name}-{episode_id}.json",
                           backend=self.backend, max_turns=self.max_turns, split=row.get("split"),
                           scorer=episode_scorer(task, self.policy_config), episode_id=episode_id)
        episode = DrivenEpisode(spec, model=model, kind="verifiers", reply_timeout=self.reply_timeout)
        state.update(episode=episode, task_obj=task, turn=None, trajectory=None, responses=[])
        turn = await start_episode(episode)
        self._take(state, turn)
        return state

    async def env_response(self, messages: list[dict], state: dict) -> tuple[list[dict], dict]:
        """Pass the last assistant message to the episode; the tool results are the response."""
        turn = await asyncio.to_thread(state["episode"].reply, messages[-1])
        self._take(state, turn)
        return [m for m in turn.new_messages if m.get("role") != "assistant"], state

    async def is_completed(self, messages: list[dict], state: dict) -> bool:
        turn: Turn | None = state.get("turn")
        return turn is None or turn.finished

    @staticmethod
    def _take(state: dict, turn: Turn) -> None:
        state["turn"] = turn
        if turn.finished:
            state["trajectory"] = _document(turn.trajectory)
            if turn.error:
                state["error"] = turn.error

    # -- one rollout -----------------------------------------------------------------------------
    async def rollout(self, client, model: str, row: dict, sampling_args: dict | None = None
                      ) -> tuple[list[dict], dict]:
        state: dict = {"prompt": row["prompt"], "task": row["task"], "info": dict(row.get("info") or {}),
                       "answer": row.get("answer", "")}
        completion: list[dict] = []
        state = await self.setup_state(state, model)
        episode: DrivenEpisode = state["episode"]
        try:
            while not await self.is_completed(completion, state):
                turn: Turn = state["turn"]
                response = await client.chat.completions.create(
                    model=model, messages=turn.messages, tools=turn.tools or self.oai_tools,
                    **(sampling_args or {}))
                state["responses"].append(response)
                message = _assistant_dict(response.choices[0].message)
                completion.append(message)
                tool_messages, state = await self.env_response([*turn.messages, message], state)
                completion.extend(tool_messages)
        finally:
            await close_episode(episode, "the rollout was abandoned")  # an error, a cancel: nothing waits
            if state.get("trajectory") is None:
                state["trajectory"] = _document(episode.trajectory)
        state["completion"] = completion
        return completion, state

    # -- evaluation ------------------------------------------------------------------------------
    async def evaluate(self, client, model: str, num_examples: int = -1, rollouts_per_example: int = 1,
                         sampling_args: dict | None = None, max_concurrent: int = 4) -> dict:
        """Play ``rollouts_per_example`` rollouts of each row (the first ``num_examples`` rows; all
        when negative), at most ``max_concurrent`` at once, and score them: ``reward`` per rollout,
        ``metrics`` per reward function, ``state`` (with its ``trajectory``) per rollout."""
        rows = self.dataset if num_examples < 0 else self.dataset[:num_examples]
        rows = [row for row in rows for _ in range(rollouts_per_example)]
        gate = asyncio.Semaphore(max(1, max_concurrent))

        async def one(row):
            async with gate:
                return await self.rollout(client, model, row, sampling_args)

        played = await asyncio.gather(*(one(row) for row in rows))
        results: dict[str, Any] = {"prompt": [], "completion": [], "task": [], "state": [], "reward": []}
        metrics: dict[str, list[float]] = {f.__name__: [] for f in self.rubric.funcs}
        for row, (completion, state) in zip(rows, played, strict=True):
            reward, values = self.rubric.score_rollout(state)
            state["reward"], state["metrics"] = reward, values
            results["prompt"].append(row["prompt"])
            results["completion"].append(completion)
            results["task"].append(row["task"])
            results["state"].append(state)
            results["reward"].append(reward)
            for name, value in values.items():
                metrics[name].append(value)
        results["metrics"] = metrics
        return results

    def evaluate_sync(self, client, model: str, **kwargs) -> dict:
        """``evaluate`` run to the end outside an event loop."""
        return asyncio.run(self.evaluate(client, model, **kwargs))


# -- loading -----------------------------------------------------------------------------------
@overload
def load_environment(arm: str = ..., split: str = ..., max_turns: int = ...,
                     tasks: Iterable[Task | str | Path] | None = ..., backend=..., weights=..., *,
                     for_training: bool = ..., out_dir: str | Path | None = ..., policy_config=...,
                     reply_timeout: float | None = ..., api: Literal["classic"] = ...) -> StepwiseEnv: ...
@overload
def load_environment(arm: str = ..., split: str = ..., max_turns: int = ...,
                     tasks: Iterable[Task | str | Path] | None = ..., backend=..., weights=..., *,
                     for_training: bool = ..., out_dir: str | Path | None = ..., policy_config=...,
                     reply_timeout: float | None = ..., api: Literal["v1"]) -> DebugRepairEnv: ...
def load_environment(arm: str = "dbg", split: str = SPLIT, max_turns: int = MAX_TURNS,
                     tasks: Iterable[Task | str | Path] | None = None, backend=DEFAULT_BACKEND, weights=None, *,
                     for_training: bool = False, out_dir: str | Path | None = None,
                     policy_config=None, reply_timeout: float | None = 600.0,
                     api: Literal["classic", "v1"] = "classic") -> StepwiseEnv | DebugRepairEnv:
    """The Stepwise environment over ``tasks`` (corpus Tasks, task folders or names; default: every
    task of ``split`` in corpus/splits.json). ``weights``: component weights (``{"verified": 1.0}``),
    a rubric config (``{"weights": ..., "policy_config": ...}``) or its JSON file.
    ``for_training=True`` refuses heldout tasks: the split "heldout", or any task that
    corpus/splits.json assigns to heldout. Trajectory documents are written under ``out_dir`` (default
    ``outputs/stepwise-trajectories``; the defaults are ``harness.interop.defaults``).

    ``api="classic"`` returns this module's ``StepwiseEnv``; ``api="v1"`` returns the native
    ``verifiers.v1`` environment of ``harness.interop.verifiers_v1`` (same tasks, episodes and rubric)."""
    if api == "v1":
        from harness.interop.verifiers_v1 import load_environment as load_v1_environment

        return load_v1_environment(arm=arm, split=split, max_turns=max_turns, tasks=tasks, backend=backend,
                                   weights=weights, for_training=for_training, out_dir=out_dir,
                                   policy_config=policy_config, reply_timeout=reply_timeout)
    if api != "classic":
        raise ValueError(f"unknown api {api!r}; expected 'classic' or 'v1'")
    resolved = select_tasks(split, tasks, for_training=for_training)
    rubric = load_rubric(weights)
    rows = [{"prompt": opening_messages(task, arm), "task": task.name, "answer": "",
             "info": {"task": task.name, "split": task_split(task, split), "arm": arm}} for task in resolved]
    out = Path(out_dir) if out_dir is not None else trajectory_folder()
    out.mkdir(parents=True, exist_ok=True)
    return StepwiseEnv(rows, {task.name: task for task in resolved}, arm=arm, max_turns=max_turns,
                       backend=backend, rubric=StepwiseRubric(rubric), out_dir=out,
                       policy_config=policy_config if policy_config is not None else rubric.policy_config,
                       reply_timeout=reply_timeout)


__all__ = ["StepwiseEnv", "StepwiseRubric", "load_environment"]
