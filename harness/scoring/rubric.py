"""The scoring seam: named, versioned components, and a ``Rubric`` that weighs them into one number.

Every consumer calls this module and only chooses components and weights (as verifiers' ``Rubric``
composes reward functions): the eval report stores ``score_trajectory(...).to_json()`` as the
trajectory's ``quality``; the rollout filter keeps ``quality.policy.passed``; the GRPO reward is
``Rubric(weights={...}).score(doc, task).total``.

A component turns a ``ScoringContext`` into a ``ComponentResult``: a value in [0, 1] for the
rubric's weighted sum (None when it has no opinion) and the record it stores under its name in
``quality``. The context reads the document once and shares the timeline, the edit-relevance
verdict and the policy verdict between components.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Protocol

from corpus.format import Task
from harness.scoring.config import PolicyConfig, PolicyConfigError, PolicyConfigSource, load_policy_config
from harness.scoring.document import ScoringError, TrajectoryView, as_document, read_trajectory
from harness.scoring.edit_relevance import score_edit_relevance
from harness.scoring.policy import score_policy
from harness.scoring.quality import EditRelevanceVerdict, PolicyVerdict, Quality
from harness.scoring.task_meta import TaskMeta
from harness.scoring.timeline import Timeline, build_timeline
from harness.trajectory import Trajectory


@dataclass
class ScoringContext:
    """One trajectory being scored; each part is computed once, on first use."""

    view: TrajectoryView
    task: TaskMeta
    policy_config: PolicyConfig

    @cached_property
    def timeline(self) -> Timeline:
        return build_timeline(self.view, self.task)

    @cached_property
    def edit_relevance(self) -> EditRelevanceVerdict:
        return score_edit_relevance(self.timeline)

    @cached_property
    def policy(self) -> PolicyVerdict:
        return score_policy(self.timeline, self.policy_config, self.edit_relevance)


@dataclass(frozen=True)
class ComponentResult:
    value: float | None  # in [0, 1]; None: no opinion (the rubric uses its missing_value)
    record: object = None  # stored as quality[name]; None stores nothing


class Component(Protocol):
    @property
    def name(self) -> str: ...  # read-only: the components are frozen dataclasses

    def evaluate(self, context: ScoringContext) -> ComponentResult: ...


def _binary(flag: bool | None) -> float | None:
    return None if flag is None else float(flag)


@dataclass(frozen=True)
class Verified:
    """The independent verifier's verdict (result.verified)."""

    name: str = "verified"

    def evaluate(self, context: ScoringContext) -> ComponentResult:
        if context.view.suspicious_patch:  # the verifier flagged the patch: never a fix
            return ComponentResult(0.0, False)
        return ComponentResult(_binary(context.view.verified), context.view.verified)


@dataclass(frozen=True)
class Policy:
    """pdb_policy's score; the record is the whole verdict (score, passed, reasons, features)."""

    name: str = "policy"

    def evaluate(self, context: ScoringContext) -> ComponentResult:
        return ComponentResult(context.policy.score, context.policy)


@dataclass(frozen=True)
class PolicyPassed:
    """1 when pdb_policy passes the trajectory (no hard reason, score >= min), else 0."""

    name: str = "policy_passed"

    def evaluate(self, context: ScoringContext) -> ComponentResult:
        return ComponentResult(float(context.policy.passed))


@dataclass(frozen=True)
class EditRelevance:
    """1 when an edit is linked to a debugger observation, 0 when none is, None when it does not apply."""

    name: str = "edit_relevance"

    def evaluate(self, context: ScoringContext) -> ComponentResult:
        verdict = context.edit_relevance
        return ComponentResult(_binary(verdict.edit_relevant), verdict)


COMPONENTS: dict[str, Callable[[], Component]] = {
    "verified": Verified, "policy": Policy, "policy_passed": PolicyPassed, "edit_relevance": EditRelevance,
}
QUALITY_COMPONENTS = ("verified", "policy", "edit_relevance")  # what every quality record holds


def _task_meta(task, trajectory) -> TaskMeta:
    if task is None:
        if isinstance(trajectory, Trajectory):  # only its header is read: no document built for it
            return TaskMeta.for_document({"task": trajectory.task, "preference": trajectory.extra.get("preference")})
        return TaskMeta.for_document(as_document(trajectory))
    if isinstance(task, TaskMeta):
        return task
    if isinstance(task, Task):
        return TaskMeta.from_task(task)
    raise TypeError(f"task must be a TaskMeta, a corpus Task or None, not {type(task).__name__}")


def scoring_context(trajectory, task=None, config=None) -> ScoringContext:
    """Read the trajectory (a ``Trajectory``, or a document) for scoring.
    Raises ScoringError (unreadable document) or PolicyConfigError (bad config)."""
    return ScoringContext(read_trajectory(trajectory), _task_meta(task, trajectory), load_policy_config(config))


@dataclass(frozen=True)
class RubricScore:
    total: float                      # sum of weight x value
    values: dict[str, float | None]   # each component's value (None: no opinion, missing_value used)
    weights: dict[str, float]
    quality: Quality                  # the verified, policy and edit_relevance records

    def to_json(self) -> dict:
        return {"total": round(self.total, 6), "values": self.values, "weights": self.weights}


@dataclass(frozen=True)
class Rubric:
    """Components weighed into one number: ``total = sum(weight x value)``.

    ``weights`` names components of ``COMPONENTS`` (or of ``extra``); a component without an
    opinion (edit relevance when the debugger never started) counts as ``missing_value``.
    A trajectory whose result carries ``suspicious_patch`` (the verifier's patch scan found code
    reaching into pytest, the interpreter's exit or imports) earns nothing: every weighed value is 0
    and so is the total, whatever the other components found (the quality records stay as judged).
    """

    weights: Mapping[str, float] = field(default_factory=lambda: {"verified": 1.0})
    policy_config: PolicyConfigSource = None
    missing_value: float = 0.0
    extra: Mapping[str, Component] = field(default_factory=dict)

    def __post_init__(self):
        unknown = [name for name in self.weights if name not in COMPONENTS and name not in self.extra]
        if unknown:
            raise ValueError(f"unknown scoring component(s) {', '.join(unknown)}; "
                             f"known: {', '.join([*COMPONENTS, *self.extra])}")
        for name, weight in self.weights.items():
            if isinstance(weight, bool) or not isinstance(weight, int | float):
                raise ValueError(f"weight of {name} must be a number, not {weight!r}")

    def component(self, name: str) -> Component:
        return self.extra[name] if name in self.extra else COMPONENTS[name]()

    def score(self, trajectory, task=None) -> RubricScore:
        """Raises ScoringError when the trajectory cannot be read."""
        context = scoring_context(trajectory, task, self.policy_config)
        values, records = {}, {}
        for name in dict.fromkeys([*QUALITY_COMPONENTS, *self.weights]):
            result = self.component(name).evaluate(context)
            values[name] = result.value
            if result.record is not None or name == "verified":
                records[name] = result.record
        if context.view.suspicious_patch:
            values.update({name: 0.0 for name in self.weights})
        total = sum(weight * (self.missing_value if values[name] is None else values[name])
                    for name, weight in self.weights.items())
        quality = Quality(records.get("verified"), records.get("policy"), records.get("edit_relevance"),
                          {n: r.to_json() if hasattr(r, "to_json") else r for n, r in records.items()
                           if n not in QUALITY_COMPONENTS})
        return RubricScore(total, {n: values[n] for n in self.weights}, dict(self.weights), quality)

    @classmethod
    def from_config(cls, config: Mapping | str | Path) -> Rubric:
        """From ``{"weights": {...}, "policy_config": "pdb_policy_v1", "missing_value": 0}`` or a JSON
        file holding it. Raises ValueError naming the key at fault."""
        where = "rubric config"
        if not isinstance(config, Mapping):
            where = str(config)
            try:
                config = json.loads(Path(config).read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise ValueError(f"{where}: cannot be read as JSON ({exc})") from None
        if not isinstance(config, Mapping) or not isinstance(config.get("weights"), Mapping):
            raise ValueError(f'{where}: expected {{"weights": {{"verified": 1.0, ...}}}}')
        unknown = set(config) - {"weights", "policy_config", "missing_value", "name"}
        if unknown:
            raise ValueError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        try:
            policy_config = load_policy_config(config.get("policy_config"))
        except PolicyConfigError as exc:
            raise ValueError(f"{where}: policy_config: {exc}") from None
        return cls(dict(config["weights"]), policy_config, float(config.get("missing_value", 0.0)))


def score_trajectory(trajectory, task=None, config: PolicyConfigSource = None) -> Quality:
    """Every quality component of one trajectory; ``.to_json()`` is the document's ``quality``.

    ``trajectory``: a ``Trajectory`` (as loaded: read as it is) or a ``stepwise.trajectory/1`` dict
    (untrusted: checked, each step read by ``Step.from_json``).
    ``task``: a ``TaskMeta``, a corpus ``Task``, or None (looked up in corpus/tasks by the
    document's task name; the header's preference when it is not there).
    ``config``: a PolicyConfig, a released version name, a config file path, a dict, or None
    (pdb_policy_v1). Raises ScoringError (unreadable document) or PolicyConfigError (bad config).
    """
    return Rubric(weights={}, policy_config=config).score(trajectory, task).quality


def episode_scorer(task, config: PolicyConfigSource = None) -> Callable[[Trajectory], Quality]:
    """The scorer ``harness.episode.score_episode`` takes: trajectory -> quality record, for one task."""
    meta = _task_meta(task, {})
    policy_config = load_policy_config(config)

    def scorer(trajectory: Trajectory) -> Quality:
        return score_trajectory(trajectory, meta, policy_config)

    return scorer


__all__ = ["COMPONENTS", "Component", "ComponentResult", "Rubric", "RubricScore", "ScoringContext",
           "ScoringError", "episode_scorer", "score_trajectory", "scoring_context"]
