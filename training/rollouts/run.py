"""``run_rollouts``: per task, up to ``best_of`` candidate episodes from the teachers, each scored by the
scoring seam as it finishes; the best passing one is kept (``OUT/accepted/<task>.json``).

Candidates of one task are played in turn (attempt k by teacher (k-1) mod T), and the task stops early
once a candidate passes with the top score (none could beat it). Tasks run in parallel on a warm
``SandboxPool`` (``workers`` + 1 sandboxes). The folder is resumable (``training.datagen.folder``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import Task
from harness.arms import DBG, check_arm
from harness.episode import play_and_score, split_of_task
from harness.sandbox.backends import DEFAULT_BACKEND
from harness.sandbox.backends.base import Limits, SandboxSource
from harness.scoring import (
    PolicyConfig,
    PolicyConfigError,
    PolicyConfigSource,
    episode_scorer,
    load_policy_config,
)
from training.datagen.errors import DataGenerationError
from training.datagen.folder import GenerationFolder
from training.datagen.generate import Generation, generate
from training.datagen.guidance import (
    GuidedPolicy,
    find_leak,
    guidance_for,
    redact_trajectory,
    redacted,
    scrub_trajectory,
)
from training.datagen.metadata import sft_block, with_sft
from training.datagen.summary import (
    GenerationSummary,
    JobOutcome,
    ProgressCallback,
)
from training.datagen.tasks import select_tasks
from training.datagen.teachers import Teacher, TeacherPolicies, as_teachers
from training.rollouts.selection import best_candidate, judge_candidate

TOP_SCORE = 1.0


@dataclass
class RolloutConfig:
    teachers: Sequence[str | Teacher]  # attempt k is played by teacher (k-1) mod len(teachers)
    out: str | Path
    split: str | None = "train"
    tasks: Sequence[str] = ()        # names; default: every task of ``split``
    best_of: int = 4
    workers: int = 2
    arm: str = DBG
    max_turns: int = 50
    guidance: bool = True            # generation-only guidance for the teacher (never saved)
    sandbox: str = DEFAULT_BACKEND
    policy_config: PolicyConfigSource = None  # pdb_policy config (None: pdb_policy_v1); must enforce the preference label
    limits: Limits | None = None
    pool: SandboxSource | None = None  # where sandboxes come from; default: a warm pool of ``sandbox``
    progress_bar: bool = True


@dataclass
class RolloutResult:
    out: Path
    summary: GenerationSummary
    outcomes: list[JobOutcome] = field(default_factory=list)


def _settings(config: RolloutConfig, teachers: list[Teacher], policy_version: str) -> dict:
    return {"teachers": [t.spec for t in teachers], "best_of": config.best_of, "arm": config.arm,
            "max_turns": config.max_turns, "guidance": config.guidance, "policy_version": policy_version}


@dataclass
class RolloutPlan:
    """What a rollouts run covers, checked before any episode starts."""

    tasks: list[Task]
    teachers: list[Teacher]
    folder: GenerationFolder
    settings: dict
    policy_config: PolicyConfig


def plan_rollouts(config: RolloutConfig) -> RolloutPlan:
    """Check the configuration, the tasks and the output folder; raises DataGenerationError (heldout
    task, bad teacher, folder of another run, a policy that ignores the preference label). Writes nothing."""
    check_arm(config.arm)
    if config.best_of < 1 or config.workers < 1 or config.max_turns < 1:
        raise DataGenerationError("--best-of, --workers and --max-turns must be at least 1")
    try:
        policy_config = load_policy_config(config.policy_config)
    except PolicyConfigError as exc:
        raise DataGenerationError(f"policy config: {exc}") from None
    if not policy_config.enforce_preference:
        raise DataGenerationError(f"policy {policy_config.version} does not enforce the debugger-preference label; "
                                  "rollouts keep only traces that honour it (use pdb_policy_v1)")
    tasks = select_tasks(split=config.split, names=config.tasks)
    teachers = as_teachers(config.teachers)
    folder = GenerationFolder(config.out, "rollouts")
    settings = _settings(config, teachers, policy_config.version)
    folder.check(settings)
    return RolloutPlan(tasks, teachers, folder, settings, policy_config)


def play_rollout_task(config: RolloutConfig, plan: RolloutPlan, task: Task, source: SandboxSource) -> JobOutcome:
    """One task's best-of-N in this process (what a distributed run hands each worker): its candidates,
    outcome and kept example land in the folder as ``run_rollouts`` writes them."""
    policies = TeacherPolicies(plan.teachers)
    try:
        return _play_task(task, config, plan.folder, policies, source, plan.policy_config)
    finally:
        policies.close()


def run_rollouts(config: RolloutConfig, *, on_progress: ProgressCallback | None = None) -> RolloutResult:
    """Play, judge and keep; raises DataGenerationError (see ``plan_rollouts``) before any episode starts."""
    plan = plan_rollouts(config)
    tasks, teachers, folder, policy_config = plan.tasks, plan.teachers, plan.folder, plan.policy_config
    run = Generation("rollouts", folder, plan.settings, tasks,
                     [t.name for t in tasks], key=lambda task: task.name, teachers=teachers, workers=config.workers,
                     sandbox=config.sandbox, limits=config.limits, pool=config.pool,
                     progress_bar=config.progress_bar)

    def play(task: Task, policies: TeacherPolicies, source: SandboxSource) -> JobOutcome:
        return _play_task(task, config, folder, policies, source, policy_config)

    summary, outcomes = generate(run, play, on_progress)
    return RolloutResult(folder.path, summary, outcomes)


def _play_task(task: Task, config: RolloutConfig, folder: GenerationFolder, policies: TeacherPolicies,
               source: SandboxSource, policy_config) -> JobOutcome:
    guidance = guidance_for(task, config.arm)
    verdicts, candidates, played = [], {}, 0
    for attempt in range(1, config.best_of + 1):
        teacher, policy = policies.for_attempt(attempt)
        trajectory = folder.reusable_candidate(task.name, attempt)
        if trajectory is None:
            played += 1
            trajectory = play_and_score(
                task, GuidedPolicy(policy, guidance) if config.guidance else policy,
                scorer=episode_scorer(task, policy_config), arm=config.arm, backend=source,
                max_turns=config.max_turns, out=folder.candidate(task.name, attempt), split=split_of_task(task.name),
                limits=config.limits,
                header_extra={"generation": {"kind": "rollout", "attempt": attempt, "teacher": teacher.spec}})
            trajectory, _ = scrub_trajectory(trajectory, guidance)
            leak = find_leak(trajectory, guidance)
            folder.save_candidate(task.name, attempt, redact_trajectory(trajectory, guidance) if leak else trajectory)
        else:
            leak = find_leak(trajectory, guidance) or redacted(trajectory)
        path = folder.candidate(task.name, attempt).relative_to(folder.path).as_posix()
        verdict = judge_candidate(trajectory, attempt=attempt, teacher=teacher.spec, path=path, leak=leak)
        verdicts.append(verdict)
        candidates[attempt] = trajectory
        if verdict.passed and (verdict.score or 0.0) >= TOP_SCORE:
            break  # no later candidate can score higher
    best = best_candidate(verdicts)
    if best is not None:
        kept = candidates[best.attempt]
        block = sft_block(kept, task, source="rollout", teacher=best.teacher, attempt=best.attempt,
                          candidates=len(verdicts))
        folder.save_accepted(task.name, with_sft(kept, block))
    outcome = JobOutcome(task.name, task.name, None, best.attempt if best else None, verdicts, played=played)
    folder.write(folder.outcome(task.name), outcome.to_json())
    return outcome
