"""The task splits for import_corpus, through corpus.task_splits: a splits file of either kind
(corpus/splits.json for hand-written tasks, corpus/real/splits.json for real bugs), and a generated task's
own split in its meta.json.

A missing file means no task has a split yet (the corpus may not have been split); a malformed one
is an error naming the file and the entry at fault.
"""

from __future__ import annotations

from pathlib import Path

from corpus.splits import SplitsError
from corpus.task_splits import read_splits_file_of_any_origin, split_in_meta, strictest

SplitsFileError = SplitsError  # the name the importer and its callers catch


def load_split_assignments(path: Path) -> dict[str, str]:
    """Task name -> train / validation / heldout; empty when the file does not exist."""
    if not Path(path).is_file():
        return {}
    return read_splits_file_of_any_origin(path)


def split_of_imported(name: str, meta: dict, assignments: dict[str, str]) -> str:
    """A task's split in the catalog: the splits file's, or a generated task's own (the stricter when both
    are given, so the catalog never shows a heldout task as train); "" when neither gives one."""
    return strictest([assignments.get(name), split_in_meta(meta)]) or ""
