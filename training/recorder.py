"""The trainer callback that records a run's progress (``training.progress``'s records, for the trainer).

Its own module because it subclasses transformers' ``TrainerCallback``: ``training.progress`` stays free of
the training stack, so the web app and the tests read progress records without importing transformers.
"""

from __future__ import annotations

import math
import time

from transformers import TrainerCallback

from training.progress import ProgressCallback, TrainingProgress, notify
from training.runs import RunFolder


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
