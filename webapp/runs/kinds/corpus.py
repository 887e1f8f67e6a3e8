"""Corpus jobs: import task folders into the catalog, validate stored tasks in sandboxes, generate bug tasks
from a repository folder or a real bug's fixed tree."""

from __future__ import annotations

import dataclasses
import threading
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from django.conf import settings

from corpus.format import task_dirs
from corpus.plant.operators import OPERATORS
from corpus.real_bugs import RealBugNotFound, real_bug
from corpus.repository.corpus_root import GENERATED_TASKS_DIR, REAL_TASKS_DIR
from corpus.repository.task import RepositoryTask
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import SandboxError
from harness.sandbox.pool import SandboxPool
from harness.sandbox.stoppable import StoppableSource
from validation.checks import DEFAULT_MAX_SECONDS, validate_task
from validation.generate.choice import ORDERS
from validation.generate.pipeline import GenerateError, Options, generate
from validation.generate.repository import RepositoryError
from webapp.catalog.models import Task
from webapp.catalog.services import import_corpus
from webapp.catalog.splits import SplitsFileError
from webapp.catalog.task_folders import corpus_task
from webapp.core.paths import PathNotAllowed, data_path
from webapp.runs.forms.corpus import (
    DEFAULT_TIMEOUT_S,
    TIMEOUT_S,
    GenerateTasksForm,
    ImportCorpusForm,
    ValidateCorpusForm,
    suite_path_problem,
)
from webapp.runs.params import JobParams
from webapp.runs.registry import JobFailure, JobType, Queue, register
from webapp.runs.selectors import real_bug_names
from webapp.runs.services.generation import job_folder


@dataclass(frozen=True)
class ImportCorpusParams(JobParams):
    kind: ClassVar[str] = "import_corpus"
    root: str | None = None  # the folder of task folders (None: the corpus)
    splits: str | None = None  # splits.json (None: next to the folder)


@dataclass(frozen=True)
class ValidateCorpusParams(JobParams):
    kind: ClassVar[str] = "validate_corpus"
    sandbox: str
    workers: int
    repeat: int = 1
    split: str = ""  # "" and no tasks: every task
    tasks: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class GenerateTasksParams(JobParams):
    kind: ClassVar[str] = "generate_tasks"
    seed: int
    max_tasks: int
    sandbox: str
    workers: int
    max_candidates: int | None = None
    repo: str | None = None  # the folder to plant in, under the data roots; or
    from_real: str | None = None  # a real bug of the real corpus, by name: planted in its fixed tree
    # Added later: a job stored before them reads as the generator's defaults.
    tests: list[str] = field(default_factory=list)  # the suite's files or folders, relative to the repository
    operators: list[str] = field(default_factory=list)  # empty: every operator
    order: str = ORDERS[0]
    timeout_s: float = DEFAULT_TIMEOUT_S  # one candidate's test run
    published: bool = False  # leave out the changes the committed corpus (corpus/generated) publishes


@register
class ImportCorpusJob(JobType):
    kind = "import_corpus"
    label = "Import the corpus"
    description = "task folders into the catalog; a malformed task is reported and the others still import"
    unit = "tasks"
    form_class = ImportCorpusForm
    params_class = ImportCorpusParams

    def run(self, work):
        params = ImportCorpusParams.of(work.params)
        try:  # checked at launch and again here, where it is read
            root = data_path(params.root or settings.STEPWISE_TASKS_DIR, "corpus root")
            splits = data_path(params.splits or root.parent / "splits.json", "splits file")
        except PathNotAllowed as exc:
            raise JobFailure(str(exc)) from None
        if not root.is_dir():
            raise JobFailure(f"{root}: no such folder; give the folder that holds the task folders")
        total, done = len(task_dirs(root)), 0
        work.progress(0, total, f"importing from {root}", unit=self.unit)

        def step(folder):
            nonlocal done
            done += 1
            work.progress(done, total, f"read {folder.name}")

        try:
            the_corpus = root.resolve() == Path(settings.STEPWISE_TASKS_DIR).resolve()
            report = import_corpus(root=root, splits_file=splits,
                                   on_task=step, atomic=True, by=work.job.created_by, replace_existing=the_corpus,
                                   failing_tests_file=settings.STEPWISE_FAILING_TESTS_FILE if the_corpus else None)
        except SplitsFileError as exc:
            raise JobFailure(str(exc)) from None
        result = {"created": report.created, "updated": report.updated, "unchanged": report.unchanged,
                  "failed": [{"path": str(path), "reason": reason} for path, reason in report.failed]}
        if report.failed:
            lines = "; ".join(f"{path}: {reason}" for path, reason in report.failed)
            would = ", ".join(f"{len(names)} {what}" for what, names in
                              (("created", report.created), ("updated", report.updated), ("unchanged", report.unchanged)))
            for what, names in (("created", report.created), ("updated", report.updated)):
                if names:
                    work.log(f"nothing written; would have {what}: {', '.join(names)}")
            raise JobFailure(f"{len(report.failed)} task folder(s) could not be imported, so nothing was imported "
                             f"(the others would have been: {would}; fix the folders and import again): {lines}")
        for name in report.created:
            work.log(f"imported {name}")
        return result


@register
class ValidateCorpusJob(JobType):
    kind = "validate_corpus"
    label = "Validate tasks"
    description = "buggy fails and correct passes, in sandboxes, and the evidence holds"
    unit = "tasks"
    queue = Queue.EPISODES
    form_class = ValidateCorpusForm
    params_class = ValidateCorpusParams

    def run(self, work):
        params = ValidateCorpusParams.of(work.params)
        rows = Task.objects.order_by("name")
        if params.tasks:
            rows = rows.filter(name__in=params.tasks)
        elif params.split:
            rows = rows.filter(split=params.split)
        tasks = list(rows)
        if not tasks:
            raise JobFailure("no task to validate: import the corpus first")
        try:
            source = StoppableSource(SandboxPool(get_backend(params.sandbox), size=params.workers, service=False))
        except SandboxError as exc:
            raise JobFailure(f"the {params.sandbox} sandbox cannot be used on this worker: {exc}") from None
        work.on_cancel(source.stop)
        verdicts, done = [], 0
        work.progress(0, len(tasks), "validating", unit=self.unit)
        with source, ThreadPoolExecutor(max_workers=params.workers) as pool:
            futures = {pool.submit(validate_task, corpus_task(task).path, sandbox=source,
                                   max_seconds=DEFAULT_MAX_SECONDS, repeat=params.repeat): task for task in tasks}
            for future in as_completed(futures):
                task = futures[future]
                try:
                    verdict = future.result().to_dict()
                except Exception as exc:  # one broken task must not take the report down
                    verdict = {"task": task.name, "verdict": "fail", "reasons": [f"validator error: {exc}"]}
                verdicts.append(verdict)
                done += 1
                reasons = "; ".join(verdict.get("reasons") or [])
                work.log(f"{verdict['task']}: {verdict['verdict']}" + (f" ({reasons})" if reasons else ""))
                work.progress(done, len(tasks), f"{verdict['task']}: {verdict['verdict']}")
        failed = sorted(v["task"] for v in verdicts if v["verdict"] != "pass")
        result = {"passed": len(verdicts) - len(failed), "failed": failed,
                  "verdicts": sorted(verdicts, key=lambda v: v["task"])}
        if failed:
            raise JobFailure(f"{len(failed)} of {len(verdicts)} task(s) failed validation: {', '.join(failed)}")
        return result


@register
class GenerateTasksJob(JobType):
    kind = "generate_tasks"
    label = "Generate bug tasks"
    description = ("plant state-dependent bugs in a repository whose tests pass, or in a real bug's fixed tree; "
                   "keep those that fail deterministically, labelled by their measured runtime distance")
    unit = "candidates"
    queue = Queue.EPISODES
    form_class = GenerateTasksForm
    params_class = GenerateTasksParams

    def run(self, work):
        params = GenerateTasksParams.of(work.params)
        repo, real, name = _generate_source(params)
        _check_generate_choices(params)
        out = job_folder(work.job, "generated")
        cancel = threading.Event()
        work.on_cancel(cancel.set)
        work.progress(0, 0, f"baseline run of {name}'s tests", unit=self.unit)

        def progress(done: int, total: int, outcomes) -> None:
            work.progress(done, total, f"{outcomes.get('kept', 0)} kept")

        options = Options(repo=repo, real=real, out=out, seed=params.seed, max_tasks=params.max_tasks,
                          max_candidates=params.max_candidates, workers=params.workers,
                          sandbox=params.sandbox, cancel=cancel, tests=tuple(params.tests),
                          operators=tuple(params.operators) or None, order=params.order, timeout_s=params.timeout_s,
                          published=GENERATED_TASKS_DIR if params.published else None)
        try:
            report = generate(options, progress=progress)
        except (GenerateError, RepositoryError, SandboxError) as exc:
            raise JobFailure(str(exc)) from None
        summary = report.to_dict()
        work.log(f"{summary['kept']} kept of {sum(report.outcomes.values())} candidates; rejected: "
                 + (", ".join(f"{n} {reason}" for reason, n in summary["rejected"].items()) or "none")
                 + (f"; {report.not_tried()}" if report.not_tried() else ""))
        return {**summary, "out": str(out.relative_to(settings.VAR_DIR))}

    def describe(self, params) -> str:  # what is left at its default (the source it was not given: None) left out
        shown = {k: v for k, v in sorted(params.to_json().items()) if v != _DEFAULTS.get(k, dataclasses.MISSING)}
        return ", ".join(f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in shown.items())


_DEFAULTS = {f.name: f.default if f.default_factory is dataclasses.MISSING else f.default_factory()
             for f in dataclasses.fields(GenerateTasksParams)}


def _check_generate_choices(params: GenerateTasksParams) -> None:
    """The suite's paths, the operators, the order and the timeout of a generate job, checked at launch and
    again here (a stored job's arguments may be old or hand-made): JobFailure says what is wrong."""
    problems = [problem for path in params.tests if (problem := suite_path_problem(path))]
    unknown = [name for name in params.operators if name not in OPERATORS]
    if unknown:
        problems.append(f"not an operator of the generator: {', '.join(unknown)}; choose from {', '.join(OPERATORS)}")
    if params.order not in ORDERS:
        problems.append(f"unknown order {params.order!r}; choose from {', '.join(ORDERS)}")
    if not TIMEOUT_S[0] <= params.timeout_s <= TIMEOUT_S[1]:
        problems.append(f"a timeout of {params.timeout_s} seconds; give {TIMEOUT_S[0]} to {TIMEOUT_S[1]}")
    if problems:
        raise JobFailure("; ".join(problems))


def _generate_source(params: GenerateTasksParams) -> tuple[Path | None, RepositoryTask | None, str]:
    """The repository folder or the real bug a generate job plants in, and its name; checked at launch and
    again here, where it is read (a stored job's arguments may predate a change of the data roots or corpus)."""
    if params.repo and params.from_real:
        raise JobFailure("a generate job takes a repository folder or a real bug, not both")
    if params.from_real:
        if params.from_real not in real_bug_names():  # a name, never a folder: the real corpus alone
            raise JobFailure(f"{params.from_real} is not a real bug of the real corpus")
        try:
            return None, real_bug(params.from_real, REAL_TASKS_DIR), params.from_real
        except RealBugNotFound as exc:
            raise JobFailure(str(exc)) from None
    if not params.repo:
        raise JobFailure("a generate job needs a repository folder or a real bug")
    try:
        repo = data_path(params.repo, "repository")
    except PathNotAllowed as exc:
        raise JobFailure(str(exc)) from None
    return repo, None, repo.name
