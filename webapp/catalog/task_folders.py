"""A stored task as a task folder on this machine, so any worker plays exactly what the catalog holds
(its files and meta.json), wherever it runs and whatever its checkout of corpus/tasks holds."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath

from django.conf import settings

from corpus.format import Task as CorpusTask
from corpus.format import load_task
from webapp.catalog.models import Task

KINDS = ("buggy", "correct", "shared", "tests")


def _safe(relative: str) -> PurePosixPath:
    path = PurePosixPath(relative)
    if path.is_absolute() or ".." in path.parts or not path.parts:
        raise ValueError(f"task file {relative!r} is not a plain relative path")
    return path


def corpus_task(task: Task) -> CorpusTask:
    """The task as ``corpus.format`` loads it, from a folder written once per version of its content."""
    content = {"meta": task.meta, "files": task.files}
    digest = hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()[:16]
    root = Path(settings.VAR_DIR) / "task-cache" / digest  # the folder's own name must be the task's
    folder = root / _safe(task.name).name
    if not (folder / "meta.json").is_file():
        root.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{task.name}-", dir=root))
        try:
            for kind in KINDS:
                for relative, text in ((task.files or {}).get(kind) or {}).items():
                    target = staging / kind / _safe(relative)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text(text, encoding="utf-8")
            (staging / "meta.json").write_text(json.dumps(task.meta or {"name": task.name}, indent=1), encoding="utf-8")
            try:
                os.replace(staging, folder)
            except OSError:  # another process wrote the same version first
                shutil.rmtree(staging, ignore_errors=True)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    return load_task(folder)
