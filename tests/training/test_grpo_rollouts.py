"""GRPO rollouts are whole harness episodes: scripted completions (the tiny model cannot call tools
usefully) drive real tool round trips through bwrap sandboxes on two training tasks, and the token
record, the observation mask and the reward components come out right."""

from __future__ import annotations

import json
import types
from pathlib import Path

import pytest

from corpus.format import TASKS_DIR, load_task
from corpus.task_splits import task_splits
from harness.policies.base import PolicyInfo
from harness.sandbox.backends import get_backend
from harness.sandbox.pool import SandboxPool
from tests.helpers.split_registries import folder_of, heldout_generated
from tests.training.conftest import SCRIPTS, TRAIN_TASKS
from training.config.schema import RewardWeights
from training.grpo.rewards import reward_rubric
from training.grpo.rollout import EpisodeRollouts, RolloutError, RolloutSettings
from training.grpo.run import prompt_dataset

WEIGHTS = RewardWeights(verified=1.0, policy=0.5, edit_relevance=0.25, debugger_preference=0.25)


@pytest.fixture
def make_rollouts(tmp_path, scripted):
    pools = []

    def make(names=TRAIN_TASKS, max_turns=10, max_completion_tokens=8192, folders=(), splits=None):
        pool = SandboxPool(get_backend("bwrap"), size=4)
        pools.append(pool)
        settings = RolloutSettings(arm="dbg", max_turns=max_turns, max_new_tokens=256,
                                   max_completion_tokens=max_completion_tokens, out_dir=tmp_path / "rollouts",
                                   policy_info=PolicyInfo("hf", "tiny", {"rollout": "grpo"}))
        tasks = {name: load_task(TASKS_DIR / name) for name in names}
        tasks.update((task.name, task) for task in map(load_task, folders))  # real or generated tasks
        return EpisodeRollouts(settings=settings, tasks=tasks, tokenizer=scripted.tokenizer, sandboxes=pool,
                               rubric=reward_rubric(WEIGHTS), make_generator=lambda trainer: scripted,
                               **({"splits": splits} if splits is not None else {}))

    yield make
    for pool in pools:
        pool.close()


def fake_trainer():
    """What rollout_func reads of the trainer: the step, and trl's metric logger (recorded here)."""
    logged = {}
    return types.SimpleNamespace(state=types.SimpleNamespace(global_step=0),
                                 _log_metric=lambda name, value: logged.__setitem__(name, value)), logged


def prompts_for(names, generations=2, folders=()):
    dataset = prompt_dataset([*(load_task(TASKS_DIR / n) for n in names), *map(load_task, folders)], "dbg")
    return [row["prompt"] for row in dataset for _ in range(generations)]


@pytest.mark.slow
def test_scripted_episodes_round_trip_tools_mask_observations_and_score_each_component(make_rollouts, scripted):
    rollouts = make_rollouts()
    trainer, logged = fake_trainer()
    output = rollouts(prompts_for(TRAIN_TASKS), trainer)
    tokenizer = scripted.tokenizer
    eos = tokenizer.eos_token_id
    assert len(output["completion_ids"]) == 4 and output["logprobs"] is None  # transformers-like: none given

    # Which script each rollout played (prompts are [bulk, bulk, sensor, sensor]).
    outcomes = rollouts.last_outcomes
    for index, outcome in enumerate(outcomes):
        record = outcome.policy.tokens
        completion, mask = output["completion_ids"][index], output["env_mask"][index]
        assert completion == record.completion_ids and mask == record.env_mask and len(mask) == len(completion)
        assert output["prompt_ids"][index] == record.prompt_ids
        assert load_task(TASKS_DIR / outcome.task).description in tokenizer.decode(record.prompt_ids)
        # Generated ids are kept exactly as sampled, turn by turn; the completion ends on a model turn.
        model_segments = [completion[s.start:s.end] for s in record.segments if s.kind == "model"]
        assert all(ids in scripted.sent for ids in model_segments)
        assert completion[-1] == eos and mask[-1] == 1
        assert [s.kind for s in record.segments] == ["model", "observation"] * (len(model_segments) - 1) + ["model"]
        # Every observation segment is masked and is the tool's answer as the template wraps it.
        steps = outcome.trajectory.steps
        observations = [completion[s.start:s.end] for s in record.segments if s.kind == "observation"]
        assert len(observations) == len(steps) - 1
        for step, ids in zip(steps, observations, strict=False):
            text = tokenizer.decode(ids)
            assert text.endswith("<|im_start|>assistant\n")
            assert step.observation.strip()[:60] in text
        masked = {i for s in record.segments if s.kind == "observation" for i in range(s.start, s.end)}
        assert {i for i, m in enumerate(mask) if m == 0} == masked

    by_script = {}
    for outcome, rewards in zip(outcomes, output["rewards"], strict=True):
        script = next(i for i, replies in enumerate(SCRIPTS[outcome.task])
                      if replies[0] in scripted.tokenizer.decode(outcome.policy.tokens.completion_ids))
        by_script[(outcome.task, script)] = (outcome, rewards)

    # bulk_upload_batches (recommended): the debugger fix verifies, inspects, and links its edit.
    outcome, rewards = by_script[("bulk_upload_batches", 0)]
    doc = outcome.trajectory
    assert doc.result.verified is True and doc.result.exit_reason == "done"
    assert [s.tool for s in doc.steps][:5] == ["bash", "start_debugger", "add_breakpoint", "continue_execution",
                                                      "print_variable"]
    assert "(7, 'chain')" in doc.steps[4].observation
    assert rewards["verified"] == 1.0 and rewards["debugger_preference"] == 1.0 and rewards["edit_relevance"] == 1.0
    assert rewards["policy"] >= 0.9 and doc.quality["policy"]["passed"] is True
    # ... the invalid reply cost a turn and the model was told the format; nothing was verified.
    outcome, rewards = by_script[("bulk_upload_batches", 1)]
    steps = outcome.trajectory.steps
    assert steps[0].tool == "<invalid>" and steps[0].error is True
    assert "no valid tool call" in steps[0].observation
    assert rewards["verified"] == 0.0 and rewards["debugger_preference"] == 0.0 and rewards["edit_relevance"] is None
    # sensor_summary_reuse (avoid): fixed from the source honours the label; opening the debugger does not.
    outcome, rewards = by_script[("sensor_summary_reuse", 0)]
    assert outcome.trajectory.result.verified is True
    assert rewards["verified"] == 1.0 and rewards["debugger_preference"] == 1.0
    outcome, rewards = by_script[("sensor_summary_reuse", 1)]
    assert rewards["verified"] == 0.0 and rewards["debugger_preference"] == 0.0
    assert "avoid_opened_debugger" in [r["rule"] for r in outcome.trajectory.quality["policy"]["hard_reasons"]]

    # The trajectories and the reward list are on disk; the episode metrics went to trl's logger.
    folder = outcomes[0].path.parent
    lines = [json.loads(line) for line in (folder / "rewards.jsonl").read_text().splitlines()]
    assert [line["task"] for line in lines] == [o.task for o in outcomes]
    assert all(Path(folder / line["trajectory"]).is_file() for line in lines)
    assert logged["episodes/verified_rate"] == 0.5 and logged["episodes/debugger_start_rate"] == 0.5
    # Judged only where the debugger started and an edit was made: bulk's fix (linked).
    assert logged["episodes/edit_relevant_rate"] == 1.0
    assert 0 < logged["episodes/invalid_reply_rate"] < 1 and logged["episodes/turns"] > 3
    assert logged["episodes/mean_batch"] >= 1
    assert logged["episodes/warm_sandbox_rate"] > 0  # episodes took sandboxes the pool had started ahead


def test_a_spent_token_budget_ends_the_episode_on_a_model_turn(make_rollouts, scripted):
    rollouts = make_rollouts(names=("bulk_upload_batches",), max_completion_tokens=300)
    output = rollouts(prompts_for(("bulk_upload_batches",), generations=1), fake_trainer()[0])
    outcome = rollouts.last_outcomes[0]
    assert outcome.policy.budget_spent
    assert outcome.trajectory.result.exit_reason == "context_exhausted"
    assert "token budget" in outcome.trajectory.result.reason
    assert len(output["completion_ids"][0]) <= 300 and output["completion_ids"][0][-1] == scripted.tokenizer.eos_token_id
    assert output["rewards"][0] is not None  # the model's own outcome: scored


def test_a_heldout_task_never_reaches_an_episode(make_rollouts):
    rollouts = make_rollouts(names=("bulk_upload_batches", "batch_scheduler_release"))
    with pytest.raises(RolloutError, match="'batch_scheduler_release' is heldout"):
        rollouts(prompts_for(("batch_scheduler_release",), generations=1), fake_trainer()[0])
    assert not (rollouts.settings.out_dir).exists()


def test_a_heldout_real_or_generated_task_never_reaches_an_episode(make_rollouts, tmp_path):
    # Even when it slipped into the run's tasks, the guard reads each origin's own registry.
    registry, generated = heldout_generated(tmp_path)
    folder = folder_of(registry, generated)
    rollouts = make_rollouts(names=("bulk_upload_batches",), folders=(folder,), splits=registry)
    with pytest.raises(RolloutError, match=f"'{generated}' is heldout"):
        rollouts(prompts_for((), generations=1, folders=(folder,)), fake_trainer()[0])
    real = next(name for name, split in sorted(task_splits().real().items()) if split == "heldout")
    real_folder = folder_of(task_splits(), real)
    rollouts = make_rollouts(names=("bulk_upload_batches",), folders=(real_folder,))  # the committed registries
    with pytest.raises(RolloutError, match=f"'{real}' is heldout"):
        rollouts(prompts_for(("bulk_upload_batches",), generations=1, folders=(real_folder,)), fake_trainer()[0])
    assert not (rollouts.settings.out_dir).exists()
