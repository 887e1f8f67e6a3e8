"""An episode the verifier's patch scan flagged (``result.suspicious_patch``) earns no GRPO reward and
is never kept as a rollout, even when everything else about it looks like a clean debugger fix."""

from __future__ import annotations

from harness.scoring import score_trajectory
from harness.trajectory import Trajectory
from tests.harness.scoring.builders import clean, task_meta
from training.config.schema import RewardWeights
from training.grpo.rewards import component_values, reward_rubric
from training.rollouts.selection import judge_candidate

FINDING = {"file": "stats_window.py", "line": 20, "rule": "test-framework", "text": "import _pytest.reports"}


def flagged_document() -> dict:
    doc = clean().doc(verified=True)  # as if a verifier had been fooled: the flag alone must decide
    doc["result"]["suspicious_patch"] = [FINDING]
    doc["quality"] = score_trajectory(clean().doc(), task_meta()).to_json()
    return doc


def test_grpo_gives_a_flagged_episode_no_reward_on_any_component():
    weights = RewardWeights(verified=1.0, policy=0.5, edit_relevance=0.25, debugger_preference=0.25)
    rubric = reward_rubric(weights)

    flagged = rubric.score(flagged_document(), task_meta())
    honest = rubric.score(clean().doc(), task_meta())

    assert component_values(flagged) == {"verified": 0.0, "policy": 0.0, "edit_relevance": 0.0,
                                         "debugger_preference": 0.0}
    assert flagged.total == 0.0 and honest.total > 1.0


def test_the_rollout_filter_rejects_a_flagged_episode_naming_the_lines():
    verdict = judge_candidate(Trajectory.from_json(flagged_document()), attempt=0, teacher="t", path="p.json", leak=None)

    assert not verdict.passed
    assert "suspicious_patch" in verdict.reasons
    assert any("stats_window.py:20 import _pytest.reports" in detail for detail in verdict.details)
