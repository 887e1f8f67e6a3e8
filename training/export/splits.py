"""Which SFT split each task's rows go to: a task's corpus split (train -> train, validation ->
validation), optionally with a stable hashed share of the train tasks moved to validation. Always by
task, so no task is in both; heldout tasks, and tasks without a split, are refused. A task's corpus split
comes from ``corpus.task_splits``: a real bug's or a generated task's as surely as a hand-written one's."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from corpus.splits import hash_point
from corpus.task_splits import TaskSplits, task_splits
from training.config.checks import HELDOUT_RULE

SALT = "sft-validation"


def assign_splits(tasks: Iterable[str], *, validation_fraction: float = 0.0,
                  splits: Mapping[str, str] | TaskSplits | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """(task -> "train" | "validation", task -> why it is refused); ``splits``: the corpus's registries
    (default), other registries, or task -> split."""
    splits = task_splits() if splits is None else splits
    split_of = splits.split_of if isinstance(splits, TaskSplits) else splits.get
    out, refused = {}, {}
    for task in sorted(set(tasks)):
        corpus_split = split_of(task)
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


HUMAN, SYNTHETIC = "human", "synthetic"
STRATUM = {"demonstration": HUMAN, "rollout": SYNTHETIC, "microskill": SYNTHETIC}  # by an example's source
AUTOMATIC_EPISODE_SHARE = 0.2  # of a lone task's episodes, when one task is all the data


def balance_splits(splits: dict[str, str], strata: dict[str, set[str]]) -> tuple[dict[str, str], dict[str, str]]:
    """The automatic split: ``splits`` (task -> split, from the corpus) changed so that each stratum with
    tasks enough (human and synthetic examples, ``strata``: task -> the strata of its examples) lands on
    both sides, a task at a time: a stratum of two tasks or more with none in validation gives its train task
    of the lowest stable hash to validation, one with none in train takes its validation task of the lowest
    hash into train. Returns the new splits and task -> why it moved."""
    out, moved = dict(splits), {}
    for stratum in sorted({s for kinds in strata.values() for s in kinds}):
        tasks = sorted((t for t, kinds in strata.items() if stratum in kinds and t in out),
                       key=lambda t: (hash_point(t, SALT), t))
        if len(tasks) < 2:
            continue
        for missing, source in (("validation", "train"), ("train", "validation")):
            if any(out[t] == missing for t in tasks):
                continue
            task = next(t for t in tasks if out[t] == source)
            out[task] = missing
            moved[task] = (f"moved from {source} to {missing} so that {stratum} examples are on both sides "
                           f"({len(tasks)} tasks have {stratum} examples)")
    return out, moved


def validation_episodes(episode_ids: Iterable[str], share: float = AUTOMATIC_EPISODE_SHARE) -> set[str]:
    """When one task is all the data, a task-level split leaves one side empty: this stable share (at least
    one, never all) of its episodes goes to validation instead."""
    ranked = sorted(set(episode_ids), key=lambda e: (hash_point(e, SALT), e))
    if len(ranked) < 2:
        return set()
    return set(ranked[:max(1, min(len(ranked) - 1, round(share * len(ranked))))])
