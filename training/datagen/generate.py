"""The frame both generators run in: check the output folder, skip finished jobs, build the teachers,
record the folder's settings, start a warm sandbox pool, play the jobs in parallel, write the summary.
A generator only says what its jobs are and how one is played."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from harness.sandbox.backends import DEFAULT_BACKEND, UNCONFINED_BACKEND, get_backend
from harness.sandbox.backends.base import Limits, SandboxError, SandboxSource
from harness.sandbox.pool import SandboxPool
from training.datagen.errors import DataGenerationError
from training.datagen.folder import GenerationFolder
from training.datagen.parallel import run_jobs
from training.datagen.summary import (
    GenerationProgress,
    GenerationSummary,
    JobOutcome,
    ProgressCallback,
    notify,
)
from training.datagen.teachers import Teacher, TeacherPolicies

Job = TypeVar("Job")  # what one generator plays: a Task (rollouts), a SkillInstance (microskills)


@dataclass
class Generation(Generic[Job]):
    kind: str                          # "rollouts" | "microskills"
    folder: GenerationFolder
    settings: dict                     # what a resumed run must share (recorded in generation.json)
    jobs: Sequence[Job]
    tasks: list[str]                   # the task names the jobs cover
    key: Callable[[Job], str]          # a job's key in the folder
    teachers: list[Teacher]
    workers: int
    sandbox: str = DEFAULT_BACKEND
    limits: Limits | None = None
    pool: SandboxSource | None = None  # where sandboxes come from; default: a warm pool of ``sandbox``
    progress_bar: bool = True
    group: Callable[[Job], str | None] = lambda job: None  # the summary's per-skill rows


def generate(run: Generation[Job], play: Callable[[Job, TeacherPolicies, SandboxSource], JobOutcome],
             on_progress: ProgressCallback | None) -> tuple[GenerationSummary, list[JobOutcome]]:
    folder = run.folder
    folder.check(run.settings)
    todo = [job for job in run.jobs if not folder.finished(run.key(job))]
    summary = GenerationSummary(run.kind, planned=len(run.jobs), skipped=len(run.jobs) - len(todo))
    policies = TeacherPolicies(run.teachers) if todo else None  # a bad spec stops here, before anything is written
    folder.record(run.settings, run.tasks)
    source = run.pool
    outcomes: list[JobOutcome] = []
    try:
        if source is None and todo:
            try:
                source = SandboxPool(get_backend(run.sandbox, allow_local=run.sandbox == UNCONFINED_BACKEND),
                                     size=run.workers + 1, limits=run.limits or Limits())
            except SandboxError as exc:
                raise DataGenerationError(f"sandbox: {exc}") from None

        def play_one(job: Job) -> JobOutcome:
            if policies is None or source is None:  # both exist whenever there is a job to play
                raise DataGenerationError("no teachers or sandboxes to play the job with")
            return play(job, policies, source)

        outcomes = run_jobs(todo, play_one, summary=summary, workers=run.workers,
                            on_progress=on_progress, progress_bar=run.progress_bar, desc=run.kind, key=run.key,
                            group=run.group)
    finally:
        if policies is not None:
            policies.close()
        if source is not None and source is not run.pool:
            source.close()
    write_summary(folder, summary)
    notify(on_progress, GenerationProgress(run.kind, "finished", summary.planned - len(summary.failed), summary.planned,
                                           summary.kept, summary.rejected,
                                           message=f"kept {summary.kept} of {summary.tried} tried"))
    return summary, outcomes


def write_summary(folder: GenerationFolder, summary: GenerationSummary) -> None:
    """summary.json and summary.md, with the count of examples kept in the folder over all runs."""
    summary.kept_in_folder = len(folder.accepted_documents())
    folder.write(folder.path / "summary.json", summary.to_json())
    (folder.path / "summary.md").write_text(summary.markdown(), encoding="utf-8")
