"""GRPO rollouts as whole harness episodes: trl's ``rollout_func``.

trl hands over the step's prompts (already repeated ``num_generations`` times); each names its task on
the user message. For each, one episode runs through ``play_and_score`` (``run_episode``, then ``score_episode``) in its own thread, on the run's warm
``SandboxPool``, with a ``RolloutPolicy`` over this step's ``Batcher``; the trainer's thread meanwhile
generates the episodes' turns in batches. Every episode is written to ``RUN/rollouts/step-N/``, scored by
the scoring seam (its ``quality`` stored in the document) and its reward components listed in
``rewards.jsonl`` there.

Returned to trl, one entry per prompt, in order: ``prompt_ids``, ``completion_ids``, ``logprobs`` (from
vLLM; None with transformers generation, trl then recomputes them), ``env_mask`` (0 on observation
tokens) and ``rewards`` (the component values the reward functions read). An episode that never reached
the model (its sandbox failed, the harness crashed) is unscorable: one masked end token, no reward, so
an infrastructure failure neither rewards nor punishes the model.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import Task
from corpus.task_splits import TaskSplits, task_splits
from harness.episode import play_and_score
from harness.policies.base import INVALID_TOOL, PolicyInfo
from harness.records.quality import Quality
from harness.sandbox.backends.base import Limits
from harness.sandbox.pool import SandboxPool
from harness.scoring import Rubric, RubricScore, ScoringError, TaskMeta
from harness.trajectory import MODEL_OUTCOMES, Trajectory
from training.errors import TrainingError
from training.grpo.generation import Batcher, Generator
from training.grpo.policy import RolloutPolicy
from training.grpo.rewards import component_values
from training.grpo.tokens import ChatTokenizer

log = logging.getLogger(__name__)



class RolloutError(TrainingError):
    pass


def task_of_prompt(prompt: list[dict]) -> str:
    for message in prompt:
        if isinstance(message, dict) and isinstance(message.get("task"), str):
            return message["task"]
    raise RolloutError("a GRPO prompt carries no task name (the dataset's user message needs a 'task' key)")


@dataclass
class EpisodeOutcome:
    task: str
    trajectory: Trajectory
    policy: RolloutPolicy
    score: RubricScore | None = None  # None when unscorable
    path: Path | None = None

    @property
    def scorable(self) -> bool:
        """The model played and the episode ended by its own doing: done, the turn budget, a sandbox limit
        its program hit, or its token budget (error, infra_error and crash mean the sandbox, the generator
        or the harness failed)."""
        return (self.score is not None and bool(self.policy.tokens.prompt_ids)
                and self.trajectory.result.exit_reason in MODEL_OUTCOMES)


@dataclass
class RolloutSettings:
    arm: str
    max_turns: int
    max_new_tokens: int
    max_completion_tokens: int
    out_dir: Path  # RUN/rollouts
    policy_info: PolicyInfo
    rank: int = 0  # this training process (its episodes get their own folders)
    window_s: float = 0.02
    limits: Limits | None = None


@dataclass
class EpisodeRollouts:
    """The rollout function trl calls (``rollout_func=rollouts``); holds what lives across steps."""

    settings: RolloutSettings
    tasks: dict[str, Task]  # the tasks training may use (checked: none heldout)
    tokenizer: ChatTokenizer
    sandboxes: SandboxPool  # warm sandboxes, started ahead of the episodes
    rubric: Rubric  # training.grpo.rewards.reward_rubric(...)
    make_generator: Callable[[object], Generator]  # (trainer) -> Generator
    splits: TaskSplits = field(default_factory=task_splits)  # every origin's split (real and generated too)
    last_masks: list[list[int]] = field(default_factory=list)  # env_mask of the last call, for the batch check
    last_outcomes: list[EpisodeOutcome] = field(default_factory=list)
    _calls: int = 0

    def __call__(self, prompts: list, trainer) -> dict:
        names = [task_of_prompt(prompt) for prompt in prompts]
        for name in names:
            if name not in self.tasks:
                raise RolloutError(f"task {name!r} is not among the run's training tasks")
            if self.splits.split_of(name) == "heldout":  # the config check refused it already; never train on one
                raise RolloutError(f"task {name!r} is heldout; heldout tasks never enter training")
        step = getattr(getattr(trainer, "state", None), "global_step", self._calls)
        self._calls += 1
        suffix = f"-rank{self.settings.rank}" if self.settings.rank else ""
        folder = self.settings.out_dir / f"step-{step:05d}-{self._calls:03d}{suffix}"
        folder.mkdir(parents=True, exist_ok=True)
        generator: Generator = self.make_generator(trainer)
        warm_before = self.sandboxes.warm_acquires
        outcomes, batcher, elapsed = self.play(names, folder, generator)
        warm = self.sandboxes.warm_acquires - warm_before
        self.last_outcomes = outcomes
        if batcher.error is not None:
            raise RolloutError(f"generation failed during the rollouts: {batcher.error}") from batcher.error
        output = self.collect(outcomes)
        self.last_masks = [list(m) for m in output["env_mask"]]
        self.write_rewards(folder, outcomes, output["rewards"])
        log_metric = getattr(trainer, "_log_metric", None)  # what trl gives reward functions as log_metric
        if log_metric is not None:
            metrics = episode_metrics(outcomes, elapsed, batcher)
            metrics["episodes/warm_sandbox_rate"] = warm / len(outcomes)
            for key, value in metrics.items():
                log_metric(key, value)
        return output

    def play(self, names: list[str], folder: Path,
             generator: Generator) -> tuple[list[EpisodeOutcome], Batcher, float]:
        batcher = Batcher(generator, window_s=self.settings.window_s)
        outcomes: list[EpisodeOutcome | None] = [None] * len(names)
        remaining = [len(names)]
        lock = threading.Lock()

        def one(index: int, name: str) -> None:
            try:
                outcomes[index] = self.episode(index, name, folder, batcher)
            finally:
                with lock:
                    remaining[0] -= 1

        started = time.monotonic()
        with ThreadPoolExecutor(max_workers=len(names), thread_name_prefix="rollout") as pool:
            futures = [pool.submit(one, i, name) for i, name in enumerate(names)]
            batcher.serve(lambda: remaining[0])
            for future in futures:
                future.result()
        played = [outcome for outcome in outcomes if outcome is not None]
        if len(played) != len(names):  # cannot happen: result() above re-raised any episode's error
            raise RolloutError(f"{len(names) - len(played)} episode(s) ended without an outcome")
        return played, batcher, time.monotonic() - started

    def episode(self, index: int, name: str, folder: Path, batcher: Batcher) -> EpisodeOutcome:
        task = self.tasks[name]
        settings = self.settings
        policy = RolloutPolicy(self.tokenizer, batcher, max_new_tokens=settings.max_new_tokens,
                               max_completion_tokens=settings.max_completion_tokens, info=settings.policy_info)
        meta = TaskMeta.from_task(task)
        scores: dict[str, RubricScore] = {}

        def scorer(trajectory: Trajectory) -> Quality | None:
            # The run's weighed rubric, through the one score step; its RubricScore is the reward.
            try:
                scores["score"] = self.rubric.score(trajectory, meta)
            except ScoringError:
                log.exception("rollout %s of %s could not be scored", index, name)
                return None
            return scores["score"].quality

        path = folder / f"{index:03d}-{name}.json"
        trajectory = play_and_score(task, policy, scorer=scorer, arm=settings.arm, backend=self.sandboxes,
                                    max_turns=settings.max_turns, out=path, split="train", limits=settings.limits,
                                    header_extra={"rollout": {"index": index, "folder": folder.name}})
        policy.tokens.finish()
        return EpisodeOutcome(name, trajectory, policy, scores.get("score"), path)

    def collect(self, outcomes: list[EpisodeOutcome]) -> dict:
        eos = self.tokenizer.eos_token_id
        prompt_ids, completion_ids, env_mask, logprobs, rewards = [], [], [], [], []
        for outcome in outcomes:
            record = outcome.policy.tokens
            if not record.completion_ids:  # the model never played: one masked end token, no reward
                prompt_ids.append(record.prompt_ids or self.tokenizer("", add_special_tokens=False)["input_ids"]
                                  or [eos])
                completion_ids.append([eos])
                env_mask.append([0])
                logprobs.append([0.0])
                rewards.append(None)
                continue
            prompt_ids.append(record.prompt_ids)
            completion_ids.append(record.completion_ids)
            env_mask.append(record.env_mask)
            logprobs.append(record.logprobs)
            rewards.append(component_values(outcome.score, outcome.trajectory) if outcome.scorable else None)
        if any(lp is None for lp in logprobs):
            logprobs = None
        return {"prompt_ids": prompt_ids, "completion_ids": completion_ids, "logprobs": logprobs,
                "env_mask": env_mask, "rewards": rewards}

    def write_rewards(self, folder: Path, outcomes: list[EpisodeOutcome], rewards: list) -> None:
        with (folder / "rewards.jsonl").open("w", encoding="utf-8") as handle:
            for outcome, values in zip(outcomes, rewards, strict=True):
                result = outcome.trajectory.result
                handle.write(json.dumps({
                    "trajectory": outcome.path.name if outcome.path else None, "task": outcome.task,
                    "episode_id": outcome.trajectory.episode_id, "exit_reason": str(result.exit_reason),
                    "verified": result.verified, "components": values,
                    "total": outcome.score.total if outcome.score is not None and values is not None else None,
                    "completion_tokens": len(outcome.policy.tokens.completion_ids),
                    "generated_tokens": outcome.policy.tokens.generated}) + "\n")


def episode_metrics(outcomes: list[EpisodeOutcome], elapsed_s: float, batcher: Batcher) -> dict[str, float]:
    """Per-step means logged beside trl's own metrics (episode length, tool calls, debugger use)."""
    trajectories = [o.trajectory for o in outcomes]
    episodes = max(len(trajectories), 1)
    turns = sum(len(t.steps) for t in trajectories)
    invalid = sum(1 for t in trajectories for step in t.steps if step.tool == INVALID_TOOL)
    started = [t for t in trajectories if t.debugger_started]
    relevant = [quality.edit_relevant if (quality := t.scored) else None for t in started]
    generated = sum(o.policy.tokens.generated for o in outcomes)
    out = {
        "episodes/turns": turns / episodes,
        "episodes/tool_call_rate": (turns - invalid) / max(turns, 1),
        "episodes/invalid_reply_rate": invalid / max(turns, 1),
        "episodes/debugger_start_rate": len(started) / episodes,
        "episodes/verified_rate": sum(t.result.verified for t in trajectories) / episodes,
        "episodes/budget_spent_rate": sum(o.policy.budget_spent for o in outcomes) / max(len(outcomes), 1),
        "episodes/rollout_seconds": elapsed_s,
        "episodes/generation_seconds": batcher.generation_s,
        "episodes/generated_tokens_per_second": generated / elapsed_s if elapsed_s > 0 else 0.0,
        "episodes/mean_batch": sum(batcher.batches) / max(len(batcher.batches), 1),
    }
    judged = [r for r in relevant if r is not None]
    if judged:
        out["episodes/edit_relevant_rate"] = sum(judged) / len(judged)
    return out
