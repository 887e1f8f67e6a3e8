"""Which corpus tasks a generator may use: a split's tasks or named ones, never heldout ones, never
one without a split (it could turn out heldout once ``python -m corpus split`` assigns it)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from corpus.format import TASKS_DIR, Task, TaskFormatError, load_task
from corpus.leakage import LeakageError, LeakageGuard
from corpus.splits import SPLITS_FILE, SplitsError, load_splits
from training.config.checks import HELDOUT_RULE
from training.datagen.errors import DataGenerationError

TRAINING_SPLITS = ("train", "validation")


def select_tasks(*, split: str | None = "train", names: Sequence[str] = (), root: str | Path = TASKS_DIR,
                 splits_file: str | Path = SPLITS_FILE) -> list[Task]:
    """The tasks of ``split`` (or the ``names`` given, which must then belong to it), sorted by name.

    Raises DataGenerationError for a heldout split or task, a task without a split, a name with no
    task folder, or a malformed task; each message says what to do.
    """
    if split == "heldout":
        raise DataGenerationError(f"--split heldout is refused: {HELDOUT_RULE}; use --split train "
                                  "(or validation)")
    if split is None and not names:
        raise DataGenerationError("give a split (--split train) or task names (--tasks)")
    if split is not None and split not in TRAINING_SPLITS:
        raise DataGenerationError(f"unknown split {split!r}; use one of {', '.join(TRAINING_SPLITS)}")
    try:
        splits = load_splits(splits_file)
    except (SplitsError, OSError) as exc:
        raise DataGenerationError(f"cannot read the task splits ({exc}); run 'python -m corpus split'") from None
    root = Path(root)
    if names:
        chosen = list(dict.fromkeys(names))
        for name in chosen:
            if not (root / name).is_dir():
                raise DataGenerationError(f"no task named {name!r} under {root}")
            if splits.get(name) == "heldout":
                raise DataGenerationError(f"task {name!r} is heldout and is refused: {HELDOUT_RULE}")
            if splits.get(name) is None:
                raise DataGenerationError(f"task {name!r} has no split yet; run 'python -m corpus split' first, "
                                          "so a task that would be heldout cannot slip into training data")
            if split is not None and splits[name] != split:
                raise DataGenerationError(f"task {name!r} is in the {splits[name]} split, not {split}; "
                                          f"give --split {splits[name]} or leave the task out")
    else:
        chosen = sorted(name for name, assigned in splits.items() if assigned == split)
    try:  # the corpus's own guard, so a rule added there applies here too
        LeakageGuard.from_corpus(root, splits_file).check(names=chosen)
    except LeakageError as exc:
        raise DataGenerationError(f"refused: {exc}") from None
    tasks = []
    for name in chosen:
        folder = root / name
        if not folder.is_dir():
            continue  # listed in splits.json but gone from the corpus
        try:
            tasks.append(load_task(folder))
        except TaskFormatError as exc:
            raise DataGenerationError(f"{folder}: {exc}; fix the task or leave it out with --tasks") from None
    if not tasks:
        raise DataGenerationError(f"no {split} tasks found under {root}" if not names else "no tasks given")
    return tasks
