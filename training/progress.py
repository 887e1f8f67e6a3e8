"""Progress of a training run, for people (the trainer's progress bar) and programs (a callback).

``on_progress(TrainingProgress)`` is what the web app's jobs pass to draw live charts: it is called at
every optimizer step and every logged step, with the latest metrics. The same records go to
``metrics.jsonl``. A listener that raises is logged and ignored: it must never stop a run.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

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
