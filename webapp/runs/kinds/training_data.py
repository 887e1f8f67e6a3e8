"""Training data: synthetic rollouts (one child job per task, so episode workers on every host share
them), microskills and the SFT export. They call ``training.rollouts``, ``training.microskills`` and
``training.export`` on the corpus the workers have on disk, as ``python -m training`` does."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from django.conf import settings

from harness.policies import PolicyError
from harness.sandbox.backends import DEFAULT_BACKEND, get_backend
from harness.sandbox.backends.base import SandboxError
from harness.sandbox.pool import SandboxPool
from harness.sandbox.stoppable import StoppableSource
from harness.trajectory import TrajectoryError
from training.datagen.errors import DataGenerationError
from training.datagen.folder import GenerationFolder
from training.datagen.generate import write_summary
from training.datagen.summary import GenerationSummary, JobOutcome
from training.datagen.teachers import Teacher
from training.errors import TrainingError
from training.export import ExportConfig, export_sft
from training.export.demonstrations import DemonstrationsError, write_demonstrations
from training.microskills import MicroskillConfig, run_microskills
from training.rollouts import RolloutConfig, plan_rollouts, play_rollout_task
from webapp.endpoints.policies import check_web_spec, web_policy
from webapp.runs.forms.training import ExportForm, MicroskillsForm, RolloutsForm, RolloutTaskForm
from webapp.runs.kinds.episodes import sandbox_source
from webapp.runs.kinds.policies import job_output, job_path, job_spec
from webapp.runs.models import Job, JobEventKind, JobState
from webapp.runs.params import JobParams
from webapp.runs.registry import FAN_OUT, JobFailure, JobType, Queue, register
from webapp.runs.services.generation import fan_out, job_folder
from webapp.runs.services.jobs import append_event
from webapp.trajectories.selectors import human_demonstrations


@dataclass(frozen=True)
class TeacherParams(JobParams):
    """Who plays: teachers (web specs), or a script pasted at launch."""

    teachers: list[str] = field(default_factory=list)
    script: str = ""


@dataclass(frozen=True)
class RolloutsParams(TeacherParams):
    kind: ClassVar[str] = "rollouts"
    best_of: int = 4
    arm: str = "dbg"
    max_turns: int = 30
    sandbox: str = DEFAULT_BACKEND
    guidance: bool = False
    workers: int = 2
    split: str = ""
    tasks: list[str] = field(default_factory=list)
    out: str = ""  # the output folder ("": the job's own; resumable)


@dataclass(frozen=True)
class RolloutTaskParams(RolloutsParams):
    """One task of a rollouts job: its parent's arguments, the task, and the parent's folder."""

    kind: ClassVar[str] = "rollout_task"
    task: str = ""


@dataclass(frozen=True)
class MicroskillsParams(TeacherParams):
    kind: ClassVar[str] = "microskills"
    skills: list[str] = field(default_factory=list)  # none: every skill
    per_skill: int = 3
    attempts: int = 2
    workers: int = 2
    sandbox: str = DEFAULT_BACKEND
    split: str = ""
    tasks: list[str] = field(default_factory=list)
    out: str = ""


@dataclass(frozen=True)
class ExportParams(JobParams):
    kind: ClassVar[str] = "export_sft"
    sources: list[str] = field(default_factory=list)
    demonstrations: bool = False  # the verified live sessions too
    out: str = ""
    microskill_ratio: float | None = None
    validation_fraction: float | None = None
    seed: int = 0
    allow_empty_validation: bool = False


def teacher_specs(params: TeacherParams, job: Job) -> list[Teacher]:
    """The teachers, each checked as a web spec (``endpoint:NAME`` built from its record); a pasted
    script is written once per host, at the same path for every child."""
    if not params.script:
        return [web_teacher(job_spec(spec)) for spec in params.teachers]
    path = Path(settings.VAR_DIR) / "scripts" / f"teacher-job-{job.parent_id or job.pk}.json"
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        staging = path.with_name(f".{path.name}.{job.pk}")
        staging.write_text(params.script, encoding="utf-8")
        staging.replace(path)
    return [Teacher(f"script:{path}")]


def web_teacher(spec: str) -> Teacher:
    try:
        spec = check_web_spec(spec)
    except PolicyError as exc:
        raise JobFailure(f"the teacher cannot be used: {exc}") from None
    return Teacher(spec, factory=lambda: web_policy(spec))


def rollout_config(params: RolloutsParams, job: Job, *, tasks: list[str] | None = None) -> RolloutConfig:
    out = job_output(params.out, "output folder", job, default=job_folder(job, "rollouts"))
    return RolloutConfig(teachers=teacher_specs(params, job), out=out,
                         split=None if tasks else (params.split or None),
                         tasks=tasks or params.tasks or (), best_of=params.best_of,
                         workers=params.workers, arm=params.arm, max_turns=params.max_turns,
                         guidance=params.guidance, sandbox=params.sandbox, progress_bar=False)


def planned(config: RolloutConfig):
    try:
        return plan_rollouts(config)
    except (DataGenerationError, ValueError) as exc:
        raise JobFailure(str(exc)) from None


@register
class RolloutsJob(JobType):
    kind = "rollouts"
    label = "Synthetic rollouts"
    description = "best-of-N candidate episodes per task from a teacher; the best one passing pdb_policy_v1 is kept"
    unit = "tasks"
    form_class = RolloutsForm
    params_class = RolloutsParams

    def run(self, work):
        params = RolloutsParams.of(work.params)
        job, config = work.job, rollout_config(params, work.job)
        plan = planned(config)
        plan.folder.record(plan.settings, [t.name for t in plan.tasks])
        todo = [t.name for t in plan.tasks if not plan.folder.finished(t.name)]
        work.log(f"{len(plan.tasks)} task(s) in {plan.folder.path}; {len(plan.tasks) - len(todo)} finished by an "
                 f"earlier run; {len(todo)} to play, {config.workers} at a time, best of {config.best_of}")
        if not todo:
            return self.summarize(work, [t.name for t in plan.tasks], {})
        fan_out(job=job, kind=RolloutTaskJob.kind, window=config.workers,
                children=[RolloutTaskParams(**{**params.to_json(), "task": name, "out": str(plan.folder.path)}).to_json()
                          for name in todo])
        return FAN_OUT

    def child_over(self, job, child) -> None:
        result = child.result or {}
        task = RolloutTaskParams.of(child.params).task
        if child.state == JobState.SUCCEEDED:
            verdict = f"kept attempt {result.get('kept_attempt')}" if result.get("kept") else \
                "rejected: " + (", ".join(result.get("reasons") or []) or "no candidate passed")
        else:
            verdict = f"{child.state}: {child.error}" if child.error else child.state
        append_event(job, JobEventKind.LOG, {"text": f"{task}: {verdict}"})

    def finish(self, work) -> dict:
        children = list(Job.objects.filter(parent=work.job).order_by("id"))
        failed = {RolloutTaskParams.of(c.params).task: c.error or c.state for c in children
                  if c.state != JobState.SUCCEEDED}
        plan = planned(rollout_config(RolloutsParams.of(work.params), work.job))
        return self.summarize(work, [t.name for t in plan.tasks], failed)

    def summarize(self, work, tasks: list[str], failed: dict) -> dict:
        config = rollout_config(RolloutsParams.of(work.params), work.job)
        folder = GenerationFolder(config.out, "rollouts")
        summary = GenerationSummary("rollouts", planned=len(tasks))
        by_key = {o.get("key"): o for o in folder.outcomes()}
        for name in tasks:
            if name in failed:
                summary.add(JobOutcome(name, name, None, None, [], error=failed[name]))
            elif name in by_key:
                summary.add(JobOutcome.from_json(by_key[name]))
        write_summary(folder, summary)
        work.log(f"kept {summary.kept} of {summary.tried} task(s) tried; {summary.kept_in_folder} example(s) in "
                 f"{folder.path / 'accepted'}")
        if failed and len(failed) == len(tasks):
            raise JobFailure(f"every task failed: {'; '.join(f'{k}: {v}' for k, v in sorted(failed.items())[:3])}")
        return {"out": str(folder.path), **summary.to_json()}

    def describe(self, params: RolloutsParams) -> str:
        what = params.split or ", ".join(params.tasks)
        teachers = ", ".join(params.teachers) or "scripted teacher"
        return f"{what} · best of {params.best_of} · {teachers}"


@register
class RolloutTaskJob(JobType):
    kind = "rollout_task"
    label = "Rollouts of one task"
    description = "one task's candidates of a rollouts job"
    queue = Queue.EPISODES
    unit = "tasks"
    form_class = RolloutTaskForm
    params_class = RolloutTaskParams
    launchable = False

    def run(self, work):
        params = RolloutTaskParams.of(work.params)
        config = rollout_config(params, work.job, tasks=[params.task])
        plan = planned(config)
        source = sandbox_source(params.sandbox)
        work.on_cancel(source.stop)
        work.progress(0, 1, f"{params.task}: up to {config.best_of} candidate(s)", unit=self.unit)
        try:
            outcome = play_rollout_task(config, plan, plan.tasks[0], source)
        except DataGenerationError as exc:
            raise JobFailure(str(exc)) from None
        finally:
            source.close()
        work.check_cancelled()
        reasons = sorted({r for c in outcome.candidates for r in c.reasons}) if not outcome.kept else []
        work.log(f"{outcome.task}: {len(outcome.candidates)} candidate(s), "
                 + (f"kept attempt {outcome.kept_attempt}" if outcome.kept else f"none kept ({', '.join(reasons)})"))
        work.progress(1, 1, "kept" if outcome.kept else "rejected")
        return {"task": outcome.task, "kept": outcome.kept, "kept_attempt": outcome.kept_attempt,
                "candidates": len(outcome.candidates), "reasons": reasons}

    def describe(self, params: RolloutTaskParams) -> str:
        return f"{params.task} · best of {params.best_of}"


@register
class MicroskillsJob(JobType):
    kind = "microskills"
    label = "Microskills"
    description = "short exercises of single debugger habits, kept by each skill's evaluator"
    queue = Queue.EPISODES
    unit = "exercises"
    form_class = MicroskillsForm
    params_class = MicroskillsParams

    def run(self, work):
        params, job = MicroskillsParams.of(work.params), work.job
        out = job_output(params.out, "output folder", job, default=job_folder(job, "microskills"))
        try:
            source = StoppableSource(SandboxPool(get_backend(params.sandbox), size=params.workers + 1))
        except SandboxError as exc:
            raise JobFailure(f"the {params.sandbox} sandbox cannot be used on this worker: {exc}") from None
        work.on_cancel(source.stop)

        def on_progress(update) -> None:
            work.progress(update.done, update.total, update.message, unit=self.unit)
            if update.phase == "running" and update.message:
                work.log(update.message)

        try:
            result = run_microskills(MicroskillConfig(
                teachers=teacher_specs(params, job), out=out, skills=params.skills or ["all"],
                split=params.split or None, tasks=params.tasks or (), per_skill=params.per_skill,
                attempts=params.attempts, workers=params.workers, sandbox=params.sandbox, pool=source,
                progress_bar=False), on_progress=on_progress)
        except (TrainingError, ValueError) as exc:
            raise JobFailure(str(exc)) from None
        finally:
            source.close()
        summary = result.summary
        work.log(f"kept {summary.kept} of {summary.tried} exercise(s); {summary.kept_in_folder} in {out}/accepted")
        return {"out": str(result.out), **summary.to_json()}

    def describe(self, params: MicroskillsParams) -> str:
        skills = ", ".join(params.skills) or "every skill"
        return f"{skills} · {params.split or ', '.join(params.tasks)}"


@register
class ExportJob(JobType):
    kind = "export_sft"
    label = "SFT export"
    description = "kept rollouts, microskills and demonstrations as the SFT dataset folder (train / validation, heldout refused)"
    unit = "examples"
    form_class = ExportForm
    params_class = ExportParams

    def run(self, work):
        params = ExportParams.of(work.params)
        out = job_output(params.out, "output folder", work.job, default=job_folder(work.job, "exports"))
        sources = [path for folder in params.sources if (path := job_path(folder, "source folder"))]
        left_out = 0
        if params.demonstrations:
            folder, left_out = self.write_demonstrations(work)
            sources.append(folder)

        def on_progress(update) -> None:
            work.progress(update.done, update.total, update.message or "checking examples", unit=self.unit)

        try:
            result = export_sft(ExportConfig(sources=sources, out=out,
                                             microskill_ratio=params.microskill_ratio,
                                             validation_fraction=params.validation_fraction,
                                             seed=params.seed,
                                             require_validation=not params.allow_empty_validation),
                                on_progress=on_progress)
        except (TrainingError, ValueError) as exc:
            raise JobFailure(str(exc)) from None
        work.log(f"wrote {result.out}: " + ", ".join(f"{split} {n} row(s)" for split, n in result.rows.items()))
        if not result.rows.get("validation"):
            work.log("the validation split is empty: give a validation fraction, or rollouts of the validation split")
        for task, why in (result.manifest.get("moved_tasks") or {}).items():
            work.log(f"{task}: {why}")
        return {"out": str(result.out), "rows": result.rows,
                "tasks": {k: len(v) for k, v in result.manifest["tasks"].items()},
                **({"live_sessions_left_out": left_out} if params.demonstrations else {})}

    def write_demonstrations(self, work) -> tuple[str, int]:
        """The verified live sessions stored in the web app, as a demonstrations folder of this job; and how
        many the rollout rules kept out."""
        folder = job_folder(work.job, "demonstrations")
        work.progress(0, None, "writing the verified live sessions as a demonstrations folder", unit=self.unit)
        try:
            written = write_demonstrations(human_demonstrations(), folder)
        except (DemonstrationsError, TrajectoryError, OSError) as exc:
            raise JobFailure(f"the live sessions could not be written to {folder}: {exc}") from None
        work.log(f"wrote {len(written.written)} verified live session(s) to {folder}"
                 + (f"; skipped {len(written.skipped)}: {'; '.join(written.skipped[:3])}" if written.skipped else ""))
        if not written.written:
            why = f" ({len(written.skipped)} kept out: {'; '.join(written.skipped[:3])})" if written.skipped else ""
            raise JobFailure("no live session passes the rollout rules: nothing to export from the web app" + why
                             + " (untick 'Live sessions', or play a session by hand that fixes the bug using pdb)")
        return str(folder), len(written.skipped)

    def describe(self, params: ExportParams) -> str:
        sessions = " + live sessions" if params.demonstrations else ""
        return f"{len(params.sources)} folder(s){sessions} → {params.out or 'var/exports'}"
