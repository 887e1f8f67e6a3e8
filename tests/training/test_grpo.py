"""One GRPO step on a CPU through trl's GRPOTrainer: rollouts are harness episodes in real bwrap sandboxes
on two training tasks; the batch's tool mask is checked against the rollouts' observation mask; every
reward component is logged to the run folder."""

from __future__ import annotations

import json

import pytest

from harness.trajectory import Trajectory
from training.config.load import load_config
from training.grpo.run import run_grpo


def metrics_of(run) -> list[dict]:
    return [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()]


@pytest.mark.slow
def test_one_step_with_scripted_completions_logs_each_reward_component(write_config, tmp_path, scripted):
    loaded = load_config(write_config(grpo__max_turns=10, grpo__merge=False, grpo__max_completion_tokens=8192,
                                      grpo__generation__max_new_tokens=256), command="grpo")
    progress = []
    result = run_grpo(loaded, out=tmp_path / "run", on_progress=progress.append, progress_bar=False,
                      make_generator=lambda trainer, tokenizer, section: scripted)
    run = json.loads((result.run / "run.json").read_text())
    assert run["state"] == "finished" and run["kind"] == "grpo" and run["merged"] is None
    assert run["tasks"] == ["bulk_upload_batches", "sensor_summary_reuse"]
    assert run["rewards"] == {"verified": 1.0, "policy": 0.5, "edit_relevance": 0.25, "debugger_preference": 0.25}
    assert result.summary["masked_observation_tokens"] > 0  # the batch check ran and found observations
    step = [m for m in metrics_of(result.run) if m["split"] == "train" and "reward" in m][0]
    assert step["step"] == 1
    # One good and one poor episode per task: verified 2 of 4, preference honoured 2 of 4.
    assert step["rewards/verified/mean"] == 0.5 and step["rewards/debugger_preference/mean"] == 0.5
    assert step["rewards/edit_relevance/mean"] == 1.0 and 0 < step["rewards/policy/mean"] < 1
    # The total is the weighted sum; edit relevance has an opinion on one rollout of four (None adds nothing).
    expected = 1.0 * 0.5 + 0.5 * step["rewards/policy/mean"] + 0.25 * (1.0 / 4) + 0.25 * 0.5
    assert abs(step["reward"] - expected) < 1e-4 and step["reward_std"] > 0 and step["frac_reward_zero_std"] == 0
    assert step["episodes/verified_rate"] == 0.5 and step["episodes/debugger_start_rate"] == 0.5
    assert step["episodes/budget_spent_rate"] == 0 and step["episodes/turns"] > 3
    assert step["tokens_per_second"] > 0 and step["loss"] != 0
    rollouts = sorted((result.run / "rollouts").glob("step-*/rewards.jsonl"))
    assert len(rollouts) == 1 and len(rollouts[0].read_text().splitlines()) == 4
    assert progress[-1].phase == "finished"


@pytest.mark.slow
def test_one_step_with_the_tiny_models_own_generation_then_merge(write_config, tmp_path):
    loaded = load_config(write_config(grpo__max_turns=2, grpo__generation__max_new_tokens=12), command="grpo")
    result = run_grpo(loaded, out=tmp_path / "run", progress_bar=False)
    run = json.loads((result.run / "run.json").read_text())
    assert run["state"] == "finished" and run["merged"] == "merged"
    assert run["summary"]["merge_check"]["max_abs_diff"] < 1e-4
    step = [m for m in metrics_of(result.run) if m["split"] == "train" and "reward" in m][0]
    for name in ("verified", "policy", "edit_relevance", "debugger_preference"):
        assert f"rewards/{name}/mean" in step
    # Random weights write no valid tool call: every turn is an invalid reply, and it costs the turn.
    assert step["episodes/invalid_reply_rate"] == 1.0 and step["episodes/turns"] == 2.0
    assert result.summary["masked_observation_tokens"] > 0
    documents = sorted((result.run / "rollouts").glob("step-*/*.json"))
    assert len(documents) == 4 and all(Trajectory.load(p).result.exit_reason == "max_turns"
                                       for p in documents)
