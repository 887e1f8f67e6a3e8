"""A generated corpus in a temporary folder whose one task is heldout: a committed generated task (a real
meta.json and planted patch over the real corpus's history) copied with its split changed, as a function
planted in a heldout group would be published. Every committed generated task is in train today."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from corpus.repository.corpus_root import GENERATED_TASKS_DIR
from corpus.task_splits import TaskSplits


def committed_generated_task() -> Path:
    return next(p for p in sorted(GENERATED_TASKS_DIR.iterdir()) if (p / "meta.json").is_file())


def folder_of(registry: TaskSplits, name: str) -> Path:
    place = registry.place_of(name)
    if place is None:
        raise LookupError(f"{name}: no registry knows this task")
    return place.folder


def heldout_generated(tmp_path: Path, **roots) -> tuple[TaskSplits, str]:
    """(registries over ``tmp_path/generated`` and the committed hand-written and real corpora, or the
    ``roots`` given; the name of its heldout generated task)."""
    source = committed_generated_task()
    generated = tmp_path / "generated"
    shutil.copytree(source, generated / source.name)
    meta_path = generated / source.name / "meta.json"
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    meta_path.write_text(json.dumps({**meta, "split": "heldout"}, indent=2), encoding="utf-8")
    return TaskSplits(generated_dir=generated, **roots), source.name
