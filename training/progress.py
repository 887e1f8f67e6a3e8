"""Progress of a training run, for people (the trainer's progress bar) and programs (a callback).

``on_progress(TrainingProgress)`` is what the web app's jobs pass to draw live charts: it is called at
every optimizer step and every logged step, with the latest metrics. The same records go to
``metrics.jsonl``. A listener that raises is logged and ignored: it must never stop a run.
"""

from __future__ import annotations

import logging
import math
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from transformers import TrainerCallback

from training.errors import TrainingError
from training.runs import RunFolder

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TrainingProgress:
    kind: str  # "sft" | "grpo"
    phase: str  # "train" | "eval" | "merge" | "finished" | "failed"
    step: int
    total_steps: int | None
    epoch: float | None = None
    metrics: dict = field(default_factory=dict)  # the latest logged values (train or eval)
    message: str = ""

    @property
    def percent(self) -> float:
        if not self.total_steps:
            return 0.0
        return round(100.0 * min(self.step, self.total_steps) / self.total_steps, 1)


ProgressCallback = Callable[[TrainingProgress], None]


def notify(on_progress: ProgressCallback | None, progress: TrainingProgress) -> None:
    if on_progress is None:
        return
    try:
        on_progress(progress)
    except Exception:  # a broken listener must not end the run
        log.exception("the progress listener failed")


def _plain(value):
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


class RunRecorder(TrainerCallback):
    """Writes metrics.jsonl and run.json progress, adds tokens/s, and calls ``on_progress``."""

    def __init__(self, run: RunFolder, kind: str, on_progress: ProgressCallback | None = None):
        self.run, self.kind, self.on_progress = run, kind, on_progress
        self._last_tokens: tuple[float, float] | None = None  # (tokens seen, monotonic time)
        self.last_train: dict = {}
        self.last_eval: dict = {}

    def on_train_begin(self, args, state, control, **kwargs):
        self.run.start(state.max_steps)
        self._last_tokens = (float(state.num_input_tokens_seen or 0), time.monotonic())
        notify(self.on_progress, TrainingProgress(self.kind, "train", state.global_step, state.max_steps,
                                                  message="training started"))

    def on_step_end(self, args, state, control, **kwargs):
        self.run.update(progress={"step": state.global_step, "total_steps": state.max_steps})
        notify(self.on_progress, TrainingProgress(self.kind, "train", state.global_step, state.max_steps,
                                                  state.epoch, dict(self.last_train),
                                                  f"step {state.global_step}/{state.max_steps}"))

    def on_log(self, args, state, control, logs=None, **kwargs):
        logs = {k: _plain(v) for k, v in (logs or {}).items()}
        is_eval = any(k.startswith("eval_") for k in logs)
        record = {"step": state.global_step, "epoch": _plain(state.epoch), "time": time.time(),
                  "split": "eval" if is_eval else "train", **logs}
        if not is_eval and "train_runtime" not in logs:
            tokens = logs.get("num_tokens") or state.num_input_tokens_seen
            if tokens is not None and self._last_tokens is not None:
                seen, at = self._last_tokens
                now = time.monotonic()
                if now > at and tokens >= seen:
                    record["tokens_per_second"] = round((float(tokens) - seen) / (now - at), 2)
                self._last_tokens = (float(tokens), now)
        self.run.append_metrics(record)
        if is_eval:
            self.last_eval = record
        else:
            self.last_train = record
        summary = ", ".join(f"{k} {v:.4g}" for k, v in record.items()
                            if k in ("loss", "eval_loss", "reward", "kl") and isinstance(v, int | float))
        notify(self.on_progress, TrainingProgress(self.kind, record["split"], state.global_step, state.max_steps,
                                                  record["epoch"], record,
                                                  f"step {state.global_step}/{state.max_steps}"
                                                  + (f": {summary}" if summary else "")))


@contextmanager
def failure_recorded(run: RunFolder, kind: str, main: bool, on_progress: ProgressCallback | None) -> Iterator[None]:
    """A run that stops for any reason is marked failed in run.json with a message a person can act on
    (the traceback too when it is not one of the errors the training layer raises on purpose)."""
    try:
        yield
    except BaseException as exc:
        message = str(exc) if isinstance(exc, TrainingError) else f"{type(exc).__name__}: {exc}"
        if main:
            run.fail(message if isinstance(exc, TrainingError) else message + "\n" + traceback.format_exc())
            notify(on_progress, TrainingProgress(kind, "failed", 0, None, message=message))
        raise


def last_metrics(trainer) -> dict:
    """The latest logged value of every numeric metric of a finished trainer."""
    last: dict = {}
    for entry in trainer.state.log_history:
        last.update({k: v for k, v in entry.items() if isinstance(v, int | float)})
    return last
