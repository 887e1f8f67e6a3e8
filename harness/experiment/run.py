"""Run an experiment: the paired evaluation of every model, then their comparison.

1. Plan: the same tasks, arms, runs and turn budget for every model; each model's evaluation lives
   in ``OUT/models/<slug>/`` (a normal eval folder, resumable on its own).
2. Preflight every model that still has episodes to play, before any episode: one bad endpoint stops
   the experiment at once with every problem listed (``ExperimentError``), not hours later.
3. Evaluate each model in turn. A model whose endpoint goes away mid-way is stopped by its circuit
   breaker; the others still run.
4. Compare: ``OUT/comparison.md`` and ``comparison.json`` (start rate, Δ with its CI, D_both turns,
   edit relevance, cost per solved task, ... one column per model) and the plots across models.

Resumable as a whole: a second run plays only what is missing (nothing, once complete) and sends no
request to any endpoint when nothing is missing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import TASKS_DIR, Task, load_tasks
from harness.eval.plots import write_plots
from harness.eval.report import load_report, render_comparison
from harness.eval.runner import EvalConfig, EvalProgress, EvalStopped, finished_document, plan, run_eval
from harness.experiment.config import Experiment, ExperimentError, ExperimentModel
from harness.policies import PolicyError
from harness.trajectory import now_iso

COMPARISON_SCHEMA = "stepwise.experiment-comparison/1"


@dataclass
class ModelOutcome:
    label: str
    folder: Path
    ran: int = 0  # episodes played by this run
    skipped: int = 0  # episodes finished earlier
    infra_errors: int = 0
    stopped: str | None = None  # the circuit breaker's message


@dataclass
class ExperimentResult:
    experiment: Experiment
    models: list[ModelOutcome] = field(default_factory=list)
    comparison: Path | None = None
    plots: list[Path] = field(default_factory=list)

    @property
    def ran(self) -> int:
        return sum(m.ran for m in self.models)

    @property
    def complete(self) -> bool:
        return all(not m.stopped and not m.infra_errors for m in self.models)


def experiment_tasks(experiment: Experiment) -> list[Task]:
    tasks_dir = experiment.tasks_dir or str(TASKS_DIR)
    if experiment.tasks:
        return load_tasks(tasks_dir, list(experiment.tasks))
    from corpus.splits import tasks_in_split

    if experiment.split is None:  # the config check asks for split or tasks
        raise ExperimentError(str(experiment.source), ["split: give a split or tasks"])
    members = tasks_in_split(experiment.split)
    if not members:
        raise ExperimentError(str(experiment.source), [f"split: no task is in {experiment.split!r} "
                                                      "(see corpus/splits.json)"])
    return load_tasks(tasks_dir, members)


def eval_config(experiment: Experiment, model: ExperimentModel, tasks: list[Task], *, progress: bool,
                on_progress: Callable[[EvalProgress], None] | None = None) -> EvalConfig:
    return EvalConfig(
        policy=model.policy or "", model_config=model.model_config, tasks=tasks,
        out=experiment.out / "models" / model.slug, arms=experiment.arms, runs=experiment.runs,
        max_turns=experiment.max_turns, workers=experiment.workers, sandbox=experiment.sandbox,
        split=experiment.split, model=model.label, progress=progress, scoring_config=experiment.policy_config,
        max_consecutive_infra_errors=experiment.max_infra_errors, preflight=False, on_progress=on_progress)


def episodes_left(config: EvalConfig) -> int:
    return sum(finished_document(e.path(Path(config.out))) is None for e in plan(config.tasks, config.arms,
                                                                                   config.runs))


def preflight_all(configs: list[tuple[ExperimentModel, EvalConfig]], source: str) -> None:
    """Check the endpoint of every model that has episodes left; all problems at once."""
    problems = []
    for model, config in configs:
        if not episodes_left(config):
            continue
        try:
            policy = config.make_policy()
        except PolicyError as exc:
            problems.append(f"{model.label}: {exc}")
            continue
        try:
            policy.preflight()
        except PolicyError as exc:
            problems.append(f"{model.label}: {exc}")
        finally:
            policy.close()
    if problems:
        raise ExperimentError(source, problems)


def write_comparison(experiment: Experiment, outcomes: list[ModelOutcome]) -> tuple[Path, list[Path]]:
    reported = [(m, load_report(m.folder)) for m in outcomes if (m.folder / "report.json").is_file()]
    reports = [report for _, report in reported]
    out = experiment.out
    plots = write_plots(reports, out) if reports else []
    header = [f"# Experiment: {experiment.name}", "",
              f"Source `{experiment.source}`; {experiment.runs} run(s) per task and arm, budget "
              f"{experiment.max_turns} turns, split `{experiment.split or 'custom task list'}`, sandbox "
              f"`{experiment.sandbox}`. Each model's own report: "
              + ", ".join(f"[{m.label}](models/{m.folder.name}/report.md)" for m in outcomes) + ".", ""]
    incomplete = [m for m in outcomes if m.stopped or m.infra_errors]
    if incomplete:
        header += ["**Incomplete**: " + "; ".join(
            f"{m.label}: {m.infra_errors} infra-error episode(s)" + (" (stopped by the circuit breaker)"
                                                                     if m.stopped else "")
            for m in incomplete) + ". Rerun the same command to finish.", ""]
    text = "\n".join(header) + "\n" + render_comparison(reports, title=None)
    text += "\n" + "\n".join(f"![{p.stem}]({p.name})" for p in plots) + "\n"
    md = out / "comparison.md"
    md.write_text(text, encoding="utf-8")
    summary = {"schema": COMPARISON_SCHEMA, "experiment": experiment.name, "source": str(experiment.source),
               "created_at": now_iso(), "runs": experiment.runs, "max_turns": experiment.max_turns,
               "models": [{"label": m.label, "folder": f"models/{m.folder.name}", "infra_errors": m.infra_errors,
                           "stopped": m.stopped, "overall": report["overall"]} for m, report in reported]}
    (out / "comparison.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False), encoding="utf-8")
    return md, plots


def run_experiment(experiment: Experiment, *, progress: bool = True,
                   on_progress: Callable[[str, EvalProgress], None] | None = None,
                   say: Callable[[str], None] = print) -> ExperimentResult:
    """Evaluate every model of ``experiment`` and compare them. ``on_progress(label, progress)`` after
    each episode; ``say`` gets one line per model."""
    tasks = experiment_tasks(experiment)
    configs = []
    for model in experiment.models:
        def forward(p: EvalProgress, label: str = model.label) -> None:
            if on_progress is not None:
                on_progress(label, p)
        configs.append((model, eval_config(experiment, model, tasks, progress=progress, on_progress=forward)))
    preflight_all(configs, str(experiment.source))
    experiment.out.mkdir(parents=True, exist_ok=True)
    result = ExperimentResult(experiment)
    for model, config in configs:
        outcome = ModelOutcome(model.label, Path(config.out))
        try:
            done = run_eval(config)
        except EvalStopped as stopped:
            done, outcome.stopped = stopped.result, str(stopped)
        outcome.ran, outcome.skipped, outcome.infra_errors = done.ran, done.skipped, done.infra_errors
        result.models.append(outcome)
        state = f"stopped: {outcome.stopped}" if outcome.stopped else (
            f"{outcome.infra_errors} infra error(s) left" if outcome.infra_errors else "complete")
        say(f"{model.label}: {outcome.ran} episode(s) played, {outcome.skipped} already done; {state}")
    result.comparison, result.plots = write_comparison(experiment, result.models)
    return result
