"""What both verifiers adapters share: which tasks a run may play (heldout refused for training), the
episode's opening messages, and the Stepwise rubric as named reward values.

``verifiers_env`` (the classic ``MultiTurnEnv`` contract) and ``verifiers_v1`` (a native
``verifiers.v1`` taskset and harness) differ only in how verifiers calls them; the task selection and
the scoring are these, so the two cannot drift apart. Imports no framework.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import tempfile
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from corpus.format import Task, resolve_task
from corpus.materialize import materialize
from corpus.splits import SPLITS, tasks_in_split
from harness.episode.run import split_of_task
from harness.interop.driven import DrivenEpisode, Turn
from harness.prompts import system_prompt, task_prompt
from harness.scoring.document import ScoringError
from harness.scoring.rubric import Rubric, RubricScore

log = logging.getLogger(__name__)

TRAINING_SPLITS = ("train", "validation")


# -- the tasks ---------------------------------------------------------------------------------
def select_tasks(split: str, tasks: Iterable[Task | str | Path] | None = None, *,
                 for_training: bool = False) -> list[Task]:
    """``tasks`` (corpus Tasks, task folders or names; default: every task of ``split`` in
    corpus/splits.json), each once. ``for_training=True`` refuses heldout tasks: the split
    "heldout", or any task whose registry (``corpus.task_splits``: hand-written, real or generated) assigns it
    to heldout. Raises ValueError."""
    check_selection(split, None, for_training=for_training)
    if tasks is None:
        resolved = [resolve_task(name) for name in tasks_in_split(split)]
    else:
        resolved = [task if isinstance(task, Task) else resolve_task(task) for task in tasks]
    if for_training:
        refuse_heldout([t.name for t in resolved])
    seen: set[str] = set()
    for task in resolved:
        if task.name in seen:
            raise ValueError(f"task {task.name} is listed twice")
        seen.add(task.name)
    return resolved


def check_selection(split: str, tasks: Iterable[str] | None = None, *, for_training: bool = False) -> None:
    """What ``select_tasks`` refuses before it reads a task: an unknown split, and for training the
    heldout split or a task named (or a task folder named) as heldout by its registry (any origin)."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; expected one of {', '.join(SPLITS)}")
    if for_training and split == "heldout":
        raise ValueError("split='heldout' cannot be used for training: heldout tasks are for evaluation only "
                         f"(train on {' or '.join(TRAINING_SPLITS)})")
    if for_training and tasks is not None:
        refuse_heldout([Path(str(task)).name for task in tasks])


def refuse_heldout(names: Iterable[str]) -> None:
    """Raise ValueError naming the tasks that their registry (``corpus.task_splits``) assigns to heldout."""
    heldout = [name for name in names if split_of_task(name) == "heldout"]
    if heldout:
        raise ValueError(f"task(s) {', '.join(heldout)} are heldout in the corpus splits and cannot be used "
                         "for training")


def task_split(task: Task, default: str) -> str:
    """The task's split by its registry (any origin), else the split it was asked for under."""
    return split_of_task(task.name) or default


def opening_messages(task: Task, arm: str) -> list[dict]:
    """The episode's first two messages, as run_episode builds them (native tool calls)."""
    with tempfile.TemporaryDirectory(prefix=f"stepwise-prompt-{task.name}-") as tmp:
        workspace = materialize(task, Path(tmp) / "workspace")
        prompt = task_prompt(task.description, [*workspace.buggy_files, *task.shared_files], workspace.test_files)
    return [{"role": "system", "content": system_prompt(arm, text_tool_calls=False)},
            {"role": "user", "content": prompt}]


# -- driving an episode from asyncio ---------------------------------------------------------
async def start_episode(episode: DrivenEpisode) -> Turn:
    """``episode.start()`` off the event loop; its first Turn. A cancelled (or failed) start
    closes the episode once ``start`` has returned, so its sandbox always goes back."""
    started: concurrent.futures.Future = concurrent.futures.Future()

    def start() -> None:
        try:
            started.set_result(episode.start())
        except BaseException as exc:
            started.set_exception(exc)

    started.set_running_or_notify_cancel()  # a cancelled rollout cannot cancel it: close waits for it
    threading.Thread(target=start, name="stepwise-driven-start", daemon=True).start()
    try:
        return await asyncio.wrap_future(started)
    except BaseException:  # cancelled, or the first turn never came: close once start has returned
        def close_after_start() -> None:
            concurrent.futures.wait([started])
            episode.close("the rollout stopped before its first turn")

        await asyncio.shield(asyncio.to_thread(close_after_start))
        raise


async def close_episode(episode: DrivenEpisode, reason: str) -> None:
    """End the episode (as ``error``, with ``reason``) unless it is over; shielded, so a cancelled
    rollout still waits for its sandbox to go back."""
    if episode.finished:
        return
    await asyncio.shield(asyncio.to_thread(episode.close, reason))


# -- the rubric --------------------------------------------------------------------------------
def load_rubric(weights) -> Rubric:
    """``weights``: None (``{"verified": 1.0}``), a Rubric, component weights (``{"verified": 1.0}``),
    a rubric config (``{"weights": ..., "policy_config": ...}``) or its JSON file."""
    if weights is None:
        return Rubric.from_config({"weights": {"verified": 1.0}})
    if isinstance(weights, Rubric):
        return weights
    if isinstance(weights, Mapping) and "weights" not in weights:
        return Rubric.from_config({"weights": dict(weights)})
    return Rubric.from_config(weights)  # a full config, or a JSON file holding one


RewardFunc = Callable[..., float]


@dataclass
class StepwiseRubric:
    """The Stepwise rubric as named values with weights: one per weighed component (so
    ``sum(weight x value)`` is the rubric's total), then ``verified`` (1/0, its record is False for
    a suspicious patch) and ``total``, reported though not weighed unless the config weighs
    ``verified``. ``funcs``/``weights`` are the classic reward functions over a rollout's state."""

    rubric: Rubric
    names: list[str] = field(init=False)
    weights: list[float] = field(init=False)
    funcs: list[RewardFunc] = field(init=False)

    def __post_init__(self):
        components = list(dict.fromkeys([*self.rubric.weights, "verified"]))
        self.names = [*components, "total"]
        self.weights = [float(self.rubric.weights.get(name, 0.0)) for name in components] + [0.0]
        self.funcs = [self._state_func(name) for name in self.names]

    @property
    def weighed(self) -> dict[str, float]:
        """The components the config weighs, with their weights."""
        return {name: float(weight) for name, weight in self.rubric.weights.items()}

    def score(self, document: dict | None, task: Task | None, label: str = "") -> RubricScore | None:
        """The document's RubricScore; None when there is no document or it cannot be scored."""
        if not isinstance(document, dict):
            return None
        try:
            return self.rubric.score(document, task)
        except ScoringError:
            log.exception("the trajectory of %s could not be scored", label or getattr(task, "name", "?"))
            return None

    def values(self, score: RubricScore | None) -> dict[str, float]:
        """Each name's value (all 0 without a score)."""
        if score is None:
            return dict.fromkeys(self.names, 0.0)
        out = {}
        for name in self.names:
            if name == "total":
                out[name] = float(score.total)
                continue
            if name in score.values:
                value = score.values[name]
            else:  # verified, reported though not weighed
                value = 1.0 if score.quality.verified is True else 0.0
            out[name] = self.rubric.missing_value if value is None else float(value)
        return out

    # -- the classic contract: reward functions over a rollout's state ---------------------------
    def _state_values(self, state: dict) -> dict[str, float]:
        """Computed once per state, from its ``trajectory`` and ``task_obj``."""
        if "_stepwise_values" not in state:
            score = self.score(state.get("trajectory"), state.get("task_obj"), str(state.get("task") or ""))
            state["_stepwise_values"] = self.values(score)
        return state["_stepwise_values"]

    def _state_func(self, name: str) -> RewardFunc:
        def reward(state: dict, **_: Any) -> float:
            return self._state_values(state)[name]

        reward.__name__ = name
        return reward

    def score_rollout(self, state: dict) -> tuple[float, dict[str, float]]:
        metrics = {func.__name__: func(state) for func in self.funcs}
        reward = sum(w * metrics[f.__name__] for f, w in zip(self.funcs, self.weights, strict=True))
        return reward, metrics


__all__ = ["TRAINING_SPLITS", "StepwiseRubric", "check_selection", "close_episode", "load_rubric", "opening_messages", "refuse_heldout",
           "select_tasks", "start_episode", "task_split"]
