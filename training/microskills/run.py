"""``run_microskills``: each skill on up to ``per_skill`` corpus tasks that offer what it needs; per
(skill, task) up to ``attempts`` candidates from the teachers, each played under the skill's tool
allow-list and turn budget with the skill's instruction as the user message; the first one the skill's
evaluator accepts is kept (``OUT/accepted/<skill>/<task>.json``). Parallel on a warm sandbox pool,
resumable like the rollouts (``training.datagen.folder``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from corpus.splits import hash_point
from harness.arms import DBG
from harness.episode import play_and_score, split_of_task
from harness.sandbox.backends import DEFAULT_BACKEND
from harness.sandbox.backends.base import Limits, SandboxSource
from harness.scoring import (
    PolicyConfigError,
    PolicyConfigSource,
    ScoringError,
    episode_scorer,
    load_policy_config,
)
from harness.trajectory import TrajectoryError
from training.datagen.errors import DataGenerationError
from training.datagen.folder import GenerationFolder
from training.datagen.generate import Generation, generate
from training.datagen.metadata import policy_verdict, sft_block, with_sft
from training.datagen.summary import (
    CandidateVerdict,
    GenerationSummary,
    JobOutcome,
    ProgressCallback,
)
from training.datagen.tasks import select_tasks
from training.datagen.teachers import Teacher, TeacherPolicies, as_teachers
from training.microskills.allowlist import AllowListPolicy
from training.microskills.catalog import skills_named
from training.microskills.evaluate import VERSION, evaluate
from training.microskills.instances import instantiate
from training.microskills.schema import SkillInstance


@dataclass
class MicroskillConfig:
    teachers: Sequence[str | Teacher]   # attempt k is played by teacher (k-1) mod len(teachers)
    out: str | Path
    skills: Sequence[str] = ("all",)
    split: str | None = "train"
    tasks: Sequence[str] = ()
    per_skill: int | None = 3           # tasks per skill at most (None: every task that fits)
    attempts: int = 2                   # candidates per (skill, task) at most
    workers: int = 2
    sandbox: str = DEFAULT_BACKEND
    policy_config: PolicyConfigSource = None  # pdb_policy config for the quality record and the inherited rules
    limits: Limits | None = None
    pool: SandboxSource | None = None
    progress_bar: bool = True


@dataclass
class MicroskillResult:
    out: Path
    summary: GenerationSummary
    instances: list[SkillInstance] = field(default_factory=list)
    outcomes: list[JobOutcome] = field(default_factory=list)


def plan_instances(skills, tasks, per_skill: int | None) -> list[SkillInstance]:
    """Each skill on the tasks that fit it, spread over the corpus by a stable hash of (skill, task)."""
    planned = []
    for skill in skills:
        fitting = [i for i in (instantiate(skill, task) for task in tasks) if i is not None]
        fitting.sort(key=lambda i: hash_point(i.key, "microskill-plan"))
        planned += fitting[:per_skill] if per_skill is not None else fitting
    return planned


def run_microskills(config: MicroskillConfig, *, on_progress: ProgressCallback | None = None) -> MicroskillResult:
    if config.attempts < 1 or config.workers < 1 or (config.per_skill is not None and config.per_skill < 1):
        raise DataGenerationError("--attempts, --workers and --per-skill must be at least 1")
    try:
        skills = skills_named(config.skills)
        policy_config = load_policy_config(config.policy_config)
    except (ValueError, PolicyConfigError) as exc:
        raise DataGenerationError(str(exc)) from None
    tasks = select_tasks(split=config.split, names=config.tasks)
    instances = plan_instances(skills, tasks, config.per_skill)
    if not instances:
        raise DataGenerationError(f"none of the {len(tasks)} task(s) offers what the skill(s) "
                                  f"{', '.join(s.name for s in skills)} need; see 'microskills --list'")
    teachers = as_teachers(config.teachers)
    folder = GenerationFolder(config.out, "microskills")
    settings = {"teachers": [t.spec for t in teachers], "attempts": config.attempts, "evaluator": VERSION,
                "policy_version": policy_config.version}
    run = Generation("microskills", folder, settings, instances, sorted({i.task.name for i in instances}),
                     key=lambda instance: instance.key, teachers=teachers, workers=config.workers,
                     sandbox=config.sandbox, limits=config.limits, pool=config.pool,
                     progress_bar=config.progress_bar, group=lambda instance: instance.skill.name)

    def play(instance: SkillInstance, policies: TeacherPolicies, source: SandboxSource) -> JobOutcome:
        return _play_instance(instance, config, folder, policies, source, policy_config)

    summary, outcomes = generate(run, play, on_progress)
    return MicroskillResult(folder.path, summary, instances, outcomes)


def _play_instance(instance: SkillInstance, config: MicroskillConfig, folder: GenerationFolder,
                   policies: TeacherPolicies, source: SandboxSource, policy_config) -> JobOutcome:
    skill, task, key = instance.skill, instance.task, instance.key
    verdicts, played, kept = [], 0, None
    for attempt in range(1, config.attempts + 1):
        teacher, policy = policies.for_attempt(attempt)
        trajectory = folder.reusable_candidate(key, attempt)
        if trajectory is None:
            played += 1
            trajectory = play_and_score(
                task, AllowListPolicy(policy, skill.allowed_tools), scorer=episode_scorer(task, policy_config),
                arm=DBG, backend=source, max_turns=skill.max_turns, out=folder.candidate(key, attempt),
                split=split_of_task(task.name), limits=config.limits, prompt=instance.prompt(),
                header_extra={"generation": {"kind": "microskill", "skill": skill.name, "attempt": attempt,
                                             "teacher": teacher.spec}})
            folder.save_candidate(key, attempt, trajectory)
        path = folder.candidate(key, attempt).relative_to(folder.path).as_posix()
        scored = policy_verdict(trajectory)
        score = scored.score if scored else None
        verdict = CandidateVerdict(attempt, teacher.spec, path, str(trajectory.result.exit_reason),
                                   trajectory.result.verified, score)
        try:
            judged = evaluate(trajectory, instance, policy_config)
        except (ScoringError, TrajectoryError) as exc:
            verdict.reasons.append("unreadable")
            verdict.details.append(str(exc))
        else:
            verdict.reasons += judged.reasons
            verdict.details += judged.details
        verdicts.append(verdict)
        if verdict.passed:
            block = sft_block(trajectory, task, source="microskill", skill=skill.name, teacher=teacher.spec,
                              attempt=attempt, candidates=attempt,
                              extra={"instance": instance.to_json(), "verdict": judged.to_json()})
            folder.save_accepted(key, with_sft(trajectory, block))
            kept = attempt
            break
    outcome = JobOutcome(key, task.name, skill.name, kept, verdicts, played=played)
    folder.write(folder.outcome(key), outcome.to_json())
    return outcome
