"""Synthetic rollouts: best-of-N candidate episodes per task from a teacher, each scored by the
scoring seam (pdb_policy_v1), the best passing one kept as training data.

    from training.rollouts import RolloutConfig, run_rollouts
    result = run_rollouts(RolloutConfig(teachers=["openai:MODEL"], out="data/rollouts"), on_progress=print)
"""

from training.rollouts.run import (
    RolloutConfig,
    RolloutPlan,
    RolloutResult,
    plan_rollouts,
    play_rollout_task,
    run_rollouts,
)

__all__ = ["RolloutConfig", "RolloutPlan", "RolloutResult", "plan_rollouts", "play_rollout_task", "run_rollouts"]
