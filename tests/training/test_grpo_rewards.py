"""The GRPO reward pays nothing to a rollout that never made a valid call: a model that only sends
unusable replies (or just ``done``) on an avoid task would otherwise collect the debugger-preference
and policy components for leaving things alone."""

from __future__ import annotations

import pytest

from corpus.format import TASKS_DIR, load_task
from harness.scoring import TaskMeta
from harness.trajectory import Trajectory
from training.config.schema import RewardWeights
from training.grpo.rewards import COMPONENT_NAMES, component_values, reward_rubric

WEIGHTS = RewardWeights(verified=1.0, policy=0.5, edit_relevance=0.25, debugger_preference=0.25)
AVOID_TASK = "sensor_summary_reuse"


def played(steps: list[dict]) -> Trajectory:
    return Trajectory.from_json({
        "schema": "stepwise.trajectory/1", "episode_id": "random-1", "task": AVOID_TASK, "split": "train",
        "arm": "dbg", "policy": {"kind": "hf", "model": "random", "params": {}}, "sandbox": "bwrap",
        "max_turns": 5, "started_at": "2026-12-01T10:00:00.000Z", "finished_at": "2026-12-01T10:00:05.000Z",
        "messages": [{"role": "system", "content": "Fix the bug."}, {"role": "user", "content": "go"}],
        "steps": [{"turn": n, "position": None, "duration_ms": 1.0, **step} for n, step in enumerate(steps, 1)],
        "result": {"verified": False, "exit_reason": "max_turns", "tests": {"passed": 0, "failed": 1},
                   "patch": "", "reason": None},
        "quality": None})


def rewards_of(trajectory: Trajectory) -> dict:
    meta = TaskMeta.from_task(load_task(TASKS_DIR / AVOID_TASK))
    return component_values(reward_rubric(WEIGHTS).score(trajectory, meta), trajectory)


INVALID = {"tool": "<invalid>", "arguments": {}, "error": True,
           "observation": "Error: no valid tool call in the reply; answer with one tool call"}


def test_a_model_that_never_made_a_valid_call_earns_nothing():
    rewards = rewards_of(played([INVALID, INVALID, {**INVALID, "tool": "bash", "arguments": {"cmd": "ls"},
                                                     "observation": "Error: bash takes 'command'"},
                                 {"tool": "done", "arguments": {}, "observation": "done", "error": False}]))

    assert rewards == {"verified": 0.0, "policy": 0.0, "edit_relevance": 0.0, "debugger_preference": 0.0}


def test_one_valid_call_is_judged_by_the_components_as_before():
    rewards = rewards_of(played([INVALID, {"tool": "bash", "arguments": {"command": "ls"}, "error": False,
                                           "observation": "sensor.py\ntest_sensor.py"}]))

    assert rewards["debugger_preference"] == 1.0  # the debugger left closed on an avoid task, by a model that acted


def test_the_reward_weights_are_the_scoring_components_by_their_own_names():
    from pydantic import ValidationError

    from harness.scoring import COMPONENTS

    assert tuple(RewardWeights.model_fields) == COMPONENT_NAMES  # config keys = logged names = components
    assert [name for name in COMPONENT_NAMES if name not in COMPONENTS] == ["debugger_preference"]  # GRPO's own
    with pytest.raises(ValidationError, match="policy_score is now reward_weights.policy"):
        RewardWeights.model_validate({"verified": 1.0, "policy_score": 0.5})
