"""What an evaluation is asked to do (``EvalConfig``) and what it hands back (``EvalProgress`` after
each episode, ``EvalResult`` at the end, ``EvalStopped`` when the circuit breaker ends it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import Task
from harness.arms import ARMS
from harness.episode import Scorer
from harness.eval.breaker import DEFAULT_LIMIT
from harness.eval.metrics import EpisodeOutcome
from harness.policies import Policy, make_policy
from harness.policies.model_config import ModelConfig
from harness.sandbox.backends import DEFAULT_BACKEND
from harness.sandbox.backends.base import Limits, SandboxSource
from harness.scoring import PolicyConfigSource


@dataclass
class EvalConfig:
    policy: str  # the policy spec (the agent), e.g. "openai:Qwen/Qwen3-Coder-30B"
    tasks: Sequence[Task]
    out: Path
    arms: Sequence[str] = ARMS
    runs: int = 3
    max_turns: int = 50
    workers: int = 2
    sandbox: str = DEFAULT_BACKEND
    split: str | None = None
    model: str | None = None  # the label in reports; the spec when None
    progress: bool = True
    limits: Limits | None = None
    scorer: Scorer | None = None  # a custom scorer(trajectory) -> quality record; None: harness.scoring, as below
    scoring_config: PolicyConfigSource = None  # the pdb_policy scorer's config for quality records (None: pdb_policy_v1)
    pool: SandboxSource | None = None  # where sandboxes come from; default: a warm SandboxPool of `sandbox`
    model_config: ModelConfig | None = None  # a model config file's settings; used instead of `policy`
    max_consecutive_infra_errors: int = DEFAULT_LIMIT  # the circuit breaker (harness.eval.breaker)
    preflight: bool = True  # check the policy's endpoint before the first episode
    on_progress: Callable[[EvalProgress], None] | None = None  # after each episode, in the caller's thread
    policy_factory: Callable[[], Policy] | None = None  # makes the policy instead of `policy` (the web app's endpoints)

    @property
    def label(self) -> str:
        """The model's name in reports."""
        return self.model or (self.model_config.label if self.model_config else self.policy)

    def make_policy(self) -> Policy:
        if self.policy_factory is not None:
            return self.policy_factory()
        return self.model_config.make_policy() if self.model_config else make_policy(self.policy)


@dataclass(frozen=True)
class EvalProgress:
    """One episode finished (or was dropped by the breaker): ``done`` of ``total`` now."""

    done: int
    total: int
    task: str
    arm: str
    run: int
    exit_reason: str | None  # None: no document came back (a fault of the runner itself)
    verified: bool = False


@dataclass
class EvalResult:
    report: dict
    report_paths: tuple[Path, Path]
    plots: list[Path]
    ran: int  # episodes played now
    skipped: int  # episodes already finished by an earlier run
    outcomes: list[EpisodeOutcome] = field(default_factory=list)
    stopped: str | None = None  # why the circuit breaker stopped the evaluation

    @property
    def infra_errors(self) -> int:
        """Episodes the model endpoint failed: left out of the metrics, played again on resume."""
        return len(self.report.get("infra_errors") or [])


class EvalStopped(RuntimeError):
    """The circuit breaker stopped the evaluation; the report of what finished is written (``result``)."""

    def __init__(self, message: str, result: EvalResult):
        super().__init__(message)
        self.result = result
