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
``openai.AsyncOpenAI``-compatible client) rather than subclassing a class that is not there.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import tempfile
import threading
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from corpus.format import Task, resolve_task
from corpus.materialize import materialize
from corpus.splits import SPLITS, tasks_in_split
from harness.episode.run import split_of_task
from harness.interop.driven import DrivenEpisode, EpisodeSpec, Turn
from harness.prompts import system_prompt, task_prompt
from harness.scoring.document import ScoringError
from harness.scoring.rubric import Rubric, episode_scorer
from harness.tools import toolset

log = logging.getLogger(__name__)

TRAINING_SPLITS = ("train", "validation")


# -- the rubric --------------------------------------------------------------------------------
RewardFunc = Callable[..., float]


@dataclass
class StepwiseRubric:
    """Reward functions over the rollout's state (its trajectory document) with their weights:
    ``reward = sum(weight x func(state))``. One function per weighed component of the Stepwise
    rubric (so the reward is the rubric's total), plus ``verified`` and ``total`` as metrics
    (weight 0 unless the config weighs ``verified``)."""

    rubric: Rubric
    funcs: list[RewardFunc] = field(init=False)
    weights: list[float] = field(init=False)

    def __post_init__(self):
        names = dict.fromkeys([*self.rubric.weights, "verified"])
        self.funcs = [self._component(name) for name in names] + [self._total]
        self.weights = [float(self.rubric.weights.get(name, 0.0)) for name in names] + [0.0]

    def _score(self, state: dict):
        """The document's RubricScore, computed once per state; None when there is no document."""
        if "_stepwise_score" not in state:
            doc, task = state.get("trajectory"), state.get("task_obj")
            score = None
            if isinstance(doc, dict):
                try:
                    score = self.rubric.score(doc, task)
                except ScoringError:
                    log.exception("the trajectory of %s could not be scored", state.get("task"))
            state["_stepwise_score"] = score
        return state["_stepwise_score"]

    def _component(self, name: str) -> RewardFunc:
        def reward(state: dict, **_: Any) -> float:
            score = self._score(state)
            if score is None:
                return 0.0
            if name in score.values:
                value = score.values[name]
            else:  # verified, reported though not weighed (its record is False for a suspicious patch)
                value = 1.0 if score.quality.verified is True else 0.0
            return self.rubric.missing_value if value is None else float(value)

        reward.__name__ = name
        return reward

    def _total(self, state: dict, **_: Any) -> float:
        score = self._score(state)
        return 0.0 if score is None else float(score.total)

    _total.__name__ = "total"

    def score_rollout(self, state: dict) -> tuple[float, dict[str, float]]:
        metrics = {func.__name__: func(state) for func in self.funcs}
        reward = sum(w * metrics[f.__name__] for f, w in zip(self.funcs, self.weights, strict=True))
        return reward, metrics


# -- the environment ---------------------------------------------------------------------------
def _opening_messages(task: Task, arm: str) -> list[dict]:
    """The episode's first two messages, as run_episode builds them (native tool calls)."""
    with tempfile.TemporaryDirectory(prefix=f"stepwise-prompt-{task.name}-") as tmp:
        workspace = materialize(task, Path(tmp) / "workspace")
        prompt = task_prompt(task.description, [*workspace.buggy_files, *task.shared_files], workspace.test_files)
    return [{"role": "system", "content": system_prompt(arm, text_tool_calls=False)},
            {"role": "user", "content": prompt}]


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
        started: concurrent.futures.Future = concurrent.futures.Future()

        def start() -> None:
            try:
                started.set_result(episode.start())
            except BaseException as exc:
                started.set_exception(exc)

        started.set_running_or_notify_cancel()  # a cancelled rollout cannot cancel it: close waits for it
        threading.Thread(target=start, name="stepwise-verifiers-start", daemon=True).start()
        try:
            turn = await asyncio.wrap_future(started)
        except BaseException:  # cancelled, or the first turn never came: close once start has returned
            def close_after_start() -> None:
                concurrent.futures.wait([started])
                episode.close("the rollout stopped before its first turn")

            await asyncio.shield(asyncio.to_thread(close_after_start))
            raise
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
            state["trajectory"] = turn.document
            if turn.error:
                state["error"] = turn.error

    @staticmethod
    async def _close(episode: DrivenEpisode, reason: str) -> None:
        if episode.finished:
            return
        # Shielded: a cancelled rollout still waits for its sandbox to go back.
        await asyncio.shield(asyncio.to_thread(episode.close, reason))

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
            await self._close(episode, "the rollout was abandoned")  # an error, a cancel: nothing waits
            if state.get("trajectory") is None:
                state["trajectory"] = episode.document
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
def _rubric(weights) -> Rubric:
    if weights is None:
        return Rubric.from_config({"weights": {"verified": 1.0}})
    if isinstance(weights, Rubric):
        return weights
    if isinstance(weights, Mapping) and "weights" not in weights:
        return Rubric.from_config({"weights": dict(weights)})
    return Rubric.from_config(weights)  # a full config, or a JSON file holding one


def _resolve(tasks: Iterable[Task | str | Path] | None, split: str) -> list[Task]:
    if tasks is None:
        return [resolve_task(name) for name in tasks_in_split(split)]
    return [task if isinstance(task, Task) else resolve_task(task) for task in tasks]


def load_environment(arm: str = "dbg", split: str = "train", max_turns: int = 30,
                     tasks: Iterable[Task | str | Path] | None = None, backend="bwrap", weights=None, *,
                     for_training: bool = False, out_dir: str | Path | None = None,
                     policy_config=None, reply_timeout: float | None = 600.0) -> StepwiseEnv:
    """The Stepwise environment over ``tasks`` (corpus Tasks, task folders or names; default: every
    task of ``split`` in corpus/splits.json). ``weights``: component weights (``{"verified": 1.0}``),
    a rubric config (``{"weights": ..., "policy_config": ...}``) or its JSON file.
    ``for_training=True`` refuses heldout tasks: the split "heldout", or any task that
    corpus/splits.json assigns to heldout. Trajectory documents are written under ``out_dir``."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; expected one of {', '.join(SPLITS)}")
    if for_training and split == "heldout":
        raise ValueError("split='heldout' cannot be used for training: heldout tasks are for evaluation only "
                         f"(train on {' or '.join(TRAINING_SPLITS)})")
    resolved = _resolve(tasks, split)
    if for_training:
        heldout = [t.name for t in resolved if split_of_task(t.name) == "heldout"]
        if heldout:
            raise ValueError(f"task(s) {', '.join(heldout)} are heldout in corpus/splits.json and cannot be used "
                             "for training")
    rubric = _rubric(weights)
    rows, by_name = [], {}
    for task in resolved:
        if task.name in by_name:
            raise ValueError(f"task {task.name} is listed twice")
        by_name[task.name] = task
        task_split = split_of_task(task.name) or split
        rows.append({"prompt": _opening_messages(task, arm), "task": task.name, "answer": "",
                     "info": {"task": task.name, "split": task_split, "arm": arm}})
    out = Path(out_dir) if out_dir is not None else Path(tempfile.mkdtemp(prefix="stepwise-verifiers-"))
    out.mkdir(parents=True, exist_ok=True)
    return StepwiseEnv(rows, by_name, arm=arm, max_turns=max_turns, backend=backend,
                       rubric=StepwiseRubric(rubric), out_dir=out,
                       policy_config=policy_config if policy_config is not None else rubric.policy_config,
                       reply_timeout=reply_timeout)


__all__ = ["StepwiseEnv", "StepwiseRubric", "load_environment"]
