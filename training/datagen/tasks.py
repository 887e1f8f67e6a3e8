"""Which corpus tasks a generator may use: a split's tasks or named ones, never heldout ones, never
one without a split (it could turn out heldout once ``python -m corpus split`` assigns it). A named task
may be of any origin (hand-written, real or generated), its split read from its own registry
(``corpus.task_splits``); a split draws from the ``origins`` given (hand-written by default)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from corpus.format import TASKS_DIR, Task, TaskFormatError, load_task
from corpus.leakage import LeakageError, LeakageGuard
from corpus.splits import SPLITS_FILE, SplitsError
from corpus.task_splits import TaskSplits
from training.config.checks import HELDOUT_RULE
from training.datagen.errors import DataGenerationError

TRAINING_SPLITS = ("train", "validation")


def select_tasks(*, split: str | None = "train", names: Sequence[str] = (), root: str | Path = TASKS_DIR,
                 splits_file: str | Path = SPLITS_FILE, origins: Sequence[str] = ("hand-written",),
                 registry: TaskSplits | None = None) -> list[Task]:
    """The tasks of ``split`` (or the ``names`` given, which must then belong to it), sorted by name.

    Raises DataGenerationError for a heldout split or task, a task without a split, a name with no
    task folder, or a malformed task; each message says what to do. ``registry``: the task registries
    (default: hand-written tasks under ``root`` split by ``splits_file``, and the committed real and
    generated corpora).
    """
    if split == "heldout":
        raise DataGenerationError(f"--split heldout is refused: {HELDOUT_RULE}; use --split train "
                                  "(or validation)")
    if split is None and not names:
        raise DataGenerationError("give a split (--split train) or task names (--tasks)")
    if split is not None and split not in TRAINING_SPLITS:
        raise DataGenerationError(f"unknown split {split!r}; use one of {', '.join(TRAINING_SPLITS)}")
    root = Path(root)
    registry = registry or TaskSplits(tasks_dir=root, splits_file=splits_file)
    folders: dict[str, Path] = {}
    chosen: list[str] = []
    try:
        if names:
            chosen = list(dict.fromkeys(names))
            for name in chosen:
                place = registry.place_of(name)
                if place is None or not place.folder.is_dir():
                    raise DataGenerationError(f"no task named {name!r} under {root} (nor among the real and "
                                              "generated tasks)")
                folders[name] = place.folder
                if place.split == "heldout":
                    raise DataGenerationError(f"task {name!r} is heldout and is refused: {HELDOUT_RULE}")
                if place.split is None:
                    raise DataGenerationError(
                        f"task {name!r} has no split yet; "
                        + ("run 'python -m corpus split' first" if place.origin == "hand-written" else
                           f"its {place.origin} registry gives it none") +
                        ", so a task that would be heldout cannot slip into training data")
                if split is not None and place.split != split:
                    raise DataGenerationError(f"task {name!r} is in the {place.split} split, not {split}; "
                                              f"give --split {place.split} or leave the task out")
        elif split is not None:
            chosen = registry.in_split(split, origins)
            folders = {name: place.folder for name in chosen if (place := registry.place_of(name)) is not None}
    except (SplitsError, OSError) as exc:
        raise DataGenerationError(f"cannot read the task splits ({exc}); run 'python -m corpus split'") from None
    except ValueError as exc:  # an unknown origin
        raise DataGenerationError(str(exc)) from None
    try:  # the corpus's own guard, so a rule added there applies here too
        LeakageGuard.from_corpus(root, splits_file).check(names=chosen)
    except LeakageError as exc:
        raise DataGenerationError(f"refused: {exc}") from None
    tasks = []
    for name in chosen:
        folder = folders.get(name)
        if folder is None or not folder.is_dir():
            continue  # listed in a splits file but gone from the corpus
        try:
            tasks.append(load_task(folder))
        except TaskFormatError as exc:
            raise DataGenerationError(f"{folder}: {exc}; fix the task or leave it out with --tasks") from None
    if not tasks:
        raise DataGenerationError(f"no {split} tasks found under {root}" if not names else "no tasks given")
    return tasks
