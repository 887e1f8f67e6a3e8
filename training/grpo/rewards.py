"""The GRPO reward: the scoring seam's components, weighed as the config says, each logged on its own.

    verified             the independent verifier passed (1) or not (0)
    policy               pdb_policy_v1's score in [0, 1]
    edit_relevance       an edit was informed by a debugger observation (1), none was (0); no opinion
                         when the debugger never started or nothing was edited
    debugger_preference  the task's debugger-preference label honoured (dbg arm): on a recommended task,
                         runtime state inspected (1) or not (0); on an avoid task, the debugger left
                         closed (1) or opened (0); no opinion on optional tasks

Scores come from ``harness.scoring.Rubric`` (the same scorers as eval and the rollout filter); the
debugger-preference term is one extra component plugged into it. GRPO compares episodes of one task
with each other, so "honoured = 1, not = 0" rewards inspecting on recommended tasks and penalises
opening the debugger on avoid tasks. Each component is one trl reward function (logged as
``rewards/<name>/mean``), its weight one of ``reward_weights``; a component with no opinion is None (NaN
in trl), which adds nothing to the total and leaves that rollout out of the component's mean.

A rollout that never made a valid call (every reply unusable or refused, or only ``done``) earns nothing:
every component is 0, so abstaining never collects what the components pay for leaving things alone
(the debugger closed on an avoid task, no policy rule broken).
"""

from __future__ import annotations

from dataclasses import dataclass

from harness.policies.base import INVALID_TOOL
from harness.records.groups import FINISH_TOOLS
from harness.scoring import QUALITY_COMPONENTS, ComponentResult, Rubric, RubricScore, ScoringContext
from harness.trajectory import Trajectory
from training.config.schema import RewardWeights

PREFERENCE = "debugger_preference"
# The scoring components' own names: the config's reward_weights keys, the logged rewards/<name>/mean.
COMPONENT_NAMES = (*QUALITY_COMPONENTS, PREFERENCE)


@dataclass(frozen=True)
class DebuggerPreference:
    name: str = PREFERENCE

    def evaluate(self, context: ScoringContext) -> ComponentResult:
        timeline = context.timeline
        preference = context.task.preference or context.view.preference
        if context.view.arm != "dbg" or preference not in ("recommended", "avoid"):
            return ComponentResult(None)
        if preference == "avoid":
            return ComponentResult(0.0 if timeline.debugger_started else 1.0)
        return ComponentResult(1.0 if any(event.is_inspection for event in timeline.events) else 0.0)


def reward_rubric(weights: RewardWeights, policy_config=None) -> Rubric:
    """Every component is computed (and logged) even at weight 0; the weights only shape the total."""
    return Rubric(weights={name: getattr(weights, name) for name in COMPONENT_NAMES},
                  policy_config=policy_config, extra={PREFERENCE: DebuggerPreference()})


def made_a_valid_call(trajectory: Trajectory) -> bool:
    """Whether any step was a tool call the session carried out (not refused, not a reply with no usable
    call, not the finish tool alone)."""
    return any(not step.error and step.tool != INVALID_TOOL and step.tool not in FINISH_TOOLS
               for step in trajectory.steps)


def component_values(score: RubricScore | None, trajectory: Trajectory | None = None) -> dict[str, float | None]:
    """The rollout's value of each config component (all None when it could not be scored; all 0 when
    ``trajectory`` made no valid call)."""
    if score is None:
        return {name: None for name in COMPONENT_NAMES}
    if trajectory is not None and not made_a_valid_call(trajectory):
        return {name: 0.0 for name in COMPONENT_NAMES}
    return {name: score.values.get(name) for name in COMPONENT_NAMES}


def reward_functions() -> list:
    """One trl reward function per component, reading the values the rollout computed (``rewards``)."""

    def make(name: str):
        def reward(prompts, completions, completion_ids, rewards=None, **_):
            return [None if values is None else values.get(name) for values in (rewards or [None] * len(prompts))]

        reward.__name__ = name
        return reward

    return [make(name) for name in COMPONENT_NAMES]


def reward_weights(weights: RewardWeights) -> list[float]:
    return [float(getattr(weights, name)) for name in COMPONENT_NAMES]
