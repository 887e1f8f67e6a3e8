"""SFT (DoRA) and GRPO training on the training queue, so a long run never holds up episodes. Each
step is progress; each logged step is a point of the job's charts (loss, reward and its components,
KL, episode length); the run folder and its summary are recorded as a TrainingRun."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import ClassVar

import yaml

from training.config.load import load_config
from training.errors import TrainingError
from webapp.runs.forms.tiny_model import explain_refused_config
from webapp.runs.forms.training import GRPOForm, SFTForm
from webapp.runs.kinds.policies import job_output, job_path
from webapp.runs.params import JobParams
from webapp.runs.registry import JobFailure, JobType, Queue, register
from webapp.runs.services.generation import finish_training_run, job_folder, start_training_run

LEFT_OUT = {"step", "epoch", "time", "split"}


def chart_values(record: dict) -> dict[str, float]:
    """The numbers of one logged step that a chart can draw."""
    return {key: float(value) for key, value in record.items()
            if key not in LEFT_OUT and isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value)}


@dataclass(frozen=True)
class TrainingParams(JobParams):
    """An SFT or GRPO run: a shipped config or a pasted one, its overrides, where it goes."""

    kind: ClassVar[str] = "training"
    name: str
    config: str = ""  # a shipped config's name or path ("" with config_text)
    config_text: str = ""  # a YAML document pasted at launch
    overrides: list[str] = field(default_factory=list)  # as typed
    all_overrides: list[str] = field(default_factory=list)  # as applied (the form's own fields included)
    out: str = ""  # the run folder ("": the job's own)
    base_model: str = ""
    dataset: str | None = None  # SFT: the dataset folder an export job wrote
    tasks: list[str] = field(default_factory=list)  # GRPO: the corpus tasks


def run_folder(params: TrainingParams, job) -> str:
    """The run folder, confined and owned like every output folder from the web: the form's ``out``, else
    the job's own, var/data/runs/job-N. Never the config's runs_dir (a pasted config's, relative to the
    worker's working directory or anywhere at all) nor a path built from its name."""
    return job_output(params.out, "output folder", job, default=job_folder(job, "runs"))


class TrainingJob(JobType):
    queue = Queue.TRAINING
    unit = "steps"
    command = ""
    params_class = TrainingParams

    def prepare(self, job) -> None:
        params = TrainingParams.of(job.params)
        start_training_run(job=job, kind=self.command, name=params.name, base_model=params.base_model)

    def loaded(self, params: TrainingParams):
        job_path(params.dataset, "dataset")  # the form's sft.dataset override, checked again here
        source = yaml.safe_load(params.config_text) if params.config_text else params.config
        overrides = params.all_overrides
        try:
            return load_config(source, command=self.command, overrides=overrides,
                               source="the pasted config" if params.config_text else None)
        except TrainingError as exc:  # the tiny model missing on this worker: say which job builds it
            lines = explain_refused_config(source, self.command, overrides, exc)
            raise JobFailure("\n".join(lines) if lines else str(exc)) from None

    def train(self, loaded, *, out, on_progress):
        raise NotImplementedError

    def run(self, work):
        params = TrainingParams.of(work.params)
        loaded = self.loaded(params)
        logged: set[tuple] = set()

        def on_progress(update) -> None:  # a training.progress.TrainingProgress
            work.progress(update.step, update.total_steps, update.message, unit=self.unit)
            record = update.metrics or {}
            key = (record.get("split"), record.get("step"), record.get("time"))
            summary = "train_runtime" in record  # the trainer's closing summary: a log line, not a point
            if update.phase in ("train", "eval") and record and key not in logged and not summary:
                logged.add(key)
                values = chart_values(record)
                if values:
                    work.metric(record.get("split") or update.phase, record.get("step") or update.step, values)
                    work.log(update.message)
            elif update.phase in ("merge", "finished", "failed") and update.message:
                work.log(update.message)

        out = run_folder(params, work.job)
        work.progress(0, None, "loading the model", unit=self.unit)
        try:
            result = self.train(loaded, out=out, on_progress=on_progress)
        except TrainingError as exc:
            raise JobFailure(str(exc)) from None
        summary = {k: v for k, v in (result.summary or {}).items() if isinstance(v, int | float | str | None)}
        finish_training_run(job=work.job, output_dir=str(result.run), metrics=summary)
        return {"run": str(result.run), "merged": str(result.merged) if result.merged else None, "summary": summary}

    def describe(self, params: TrainingParams) -> str:
        return f"{params.name} · {params.config or 'pasted config'}"


@register
class SFTJob(TrainingJob):
    kind = "sft"
    label = "SFT training"
    description = "supervised fine-tuning with DoRA on an exported dataset"
    form_class = SFTForm
    command = "sft"

    def train(self, loaded, *, out, on_progress):
        from training.sft.run import run_sft

        return run_sft(loaded, out=out, on_progress=on_progress, progress_bar=False)


@register
class GRPOJob(TrainingJob):
    kind = "grpo"
    label = "GRPO training"
    description = "reinforcement learning on harness episodes, rewarded by the scoring seam"
    form_class = GRPOForm
    command = "grpo"

    def train(self, loaded, *, out, on_progress):
        from training.grpo.run import run_grpo

        return run_grpo(loaded, out=out, on_progress=on_progress, progress_bar=False)
