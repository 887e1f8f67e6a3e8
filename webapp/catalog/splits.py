"""The task splits for import_corpus, from corpus/splits.json through corpus.splits.

A missing file means no task has a split yet (the corpus may not have been split); a malformed one
is an error naming the file and the entry at fault.
"""

from __future__ import annotations

from pathlib import Path

from corpus.splits import SplitsError, load_splits

SplitsFileError = SplitsError  # the name the importer and its callers catch


def load_split_assignments(path: Path) -> dict[str, str]:
    """Task name -> train / validation / heldout; empty when the file does not exist."""
    if not Path(path).is_file():
        return {}
    return load_splits(path)
