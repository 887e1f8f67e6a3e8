"""Scoring: versioned judgements of a trajectory, shared by the eval report, the rollout filter, the
web review and the GRPO reward (DESIGN.md, "Scoring is one seam").

    from harness.scoring import score_trajectory, Rubric, TaskMeta

    quality = score_trajectory(doc, TaskMeta.from_task(task))   # or task=None: looked up by name
    doc["quality"] = quality.to_json()                          # the shared ``quality`` contract
    keep = quality.verified and quality.policy.passed           # rollout filter
    reward = Rubric(weights={"verified": 1.0, "policy": 0.5, "edit_relevance": 0.25}).score(doc, task).total

Components: ``verified`` (the independent verifier), ``policy`` (pdb_policy_v1: score, hard and
soft reasons, features), ``policy_passed``, ``edit_relevance`` (edit_relevance_v1: links from each
edit to the observations that informed it). Unreadable documents raise ``ScoringError`` and bad
configurations ``PolicyConfigError``, both with a message naming the field; nothing else escapes.
"""

from harness.scoring.config import (
    DEFAULT_VERSION,
    RULES,
    PolicyConfig,
    PolicyConfigError,
    PolicyConfigSource,
    load_policy_config,
)
from harness.scoring.document import ScoringError
from harness.scoring.edit_relevance import VERSION as EDIT_RELEVANCE_VERSION
from harness.scoring.quality import (
    CRITERIA,
    EditLink,
    EditRecord,
    EditRelevanceVerdict,
    PolicyVerdict,
    Quality,
    QualityFormatError,
    Reason,
    Review,
    quality_problems,
    read_quality,
)
from harness.scoring.rubric import (
    COMPONENTS,
    QUALITY_COMPONENTS,
    Component,
    ComponentResult,
    Rubric,
    RubricScore,
    ScoringContext,
    episode_scorer,
    score_trajectory,
    scoring_context,
)
from harness.scoring.task_meta import EvidenceHint, TaskMeta

__all__ = [
    "COMPONENTS", "CRITERIA", "DEFAULT_VERSION", "EDIT_RELEVANCE_VERSION", "RULES", "Component",
    "ComponentResult", "EditLink", "EditRecord", "EditRelevanceVerdict", "EvidenceHint", "PolicyConfig",
    "PolicyConfigSource", "PolicyConfigError", "PolicyVerdict", "Quality", "QualityFormatError", "Reason", "Review",
    "Rubric", "RubricScore", "ScoringContext", "ScoringError", "TaskMeta", "episode_scorer",
    "QUALITY_COMPONENTS", "load_policy_config", "quality_problems", "read_quality", "score_trajectory", "scoring_context",
]
