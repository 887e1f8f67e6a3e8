"""Which SFT split each task's rows go to: a task's corpus split (train -> train, validation ->
validation), optionally with a stable hashed share of the train tasks moved to validation. Always by
task, so no task is in both; heldout tasks, and tasks without a split, are refused."""

from __future__ import annotations

from collections.abc import Iterable

from corpus.splits import hash_point, load_splits
from training.config.checks import HELDOUT_RULE

SALT = "sft-validation"


def assign_splits(tasks: Iterable[str], *, validation_fraction: float = 0.0,
                  splits: dict[str, str] | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """(task -> "train" | "validation", task -> why it is refused)."""
    splits = load_splits() if splits is None else splits
    out, refused = {}, {}
    for task in sorted(set(tasks)):
        corpus_split = splits.get(task)
        if corpus_split == "heldout":
            refused[task] = f"task {task!r} is heldout: {HELDOUT_RULE}; drop its examples"
        elif corpus_split is None:
            refused[task] = (f"task {task!r} has no split; run 'python -m corpus split' (a task that turns out "
                             "heldout must never be trained on)")
        elif corpus_split == "validation" or hash_point(task, SALT) < validation_fraction:
            out[task] = "validation"
        else:
            out[task] = "train"
    return out, refused
