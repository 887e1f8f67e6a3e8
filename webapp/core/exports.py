"""The exports the UI offers: labels and reviewed trajectories as JSON Lines, and all of it as a
Hugging Face ``datasets`` folder (zipped for the download)."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path


def jsonl_lines(rows: Iterable[dict]) -> Iterable[str]:
    for row in rows:
        yield json.dumps(row, ensure_ascii=False, default=str) + "\n"


def dataset_zip(splits: dict[str, list[dict]], *, workdir: Path | None = None) -> Path:
    """Save each non-empty list of rows as a split of one ``datasets.DatasetDict`` (``save_to_disk``)
    and zip the folder; nested values that vary in shape (trajectory documents) go in as JSON text."""
    from datasets import Dataset, DatasetDict

    root = Path(tempfile.mkdtemp(prefix="stepwise-export-", dir=workdir))
    folder = root / "stepwise_dataset"
    dataset = DatasetDict({name: Dataset.from_list(rows) for name, rows in splits.items() if rows})
    dataset.save_to_disk(str(folder))
    archive = shutil.make_archive(str(root / "stepwise_dataset"), "zip", root_dir=root, base_dir="stepwise_dataset")
    shutil.rmtree(folder)
    return Path(archive)
