"""The SFT dataset folder (written by ``python -m training export-sft``; see HELPERS/DESIGN, "SFT dataset
folder"): reading it, and checking it before a run.

The folder holds the rows twice: ``DatasetDict.save_to_disk`` (read with ``load_from_disk``) and
``train.jsonl`` / ``validation.jsonl``. Either is accepted. ``messages`` and ``tools`` are kept as
``Json()`` features, so each row keeps its own structure (``Dataset.from_list`` would otherwise unify the
tool-call arguments of different tools into one struct full of nulls).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from harness.policies.hf import template_messages
from training.errors import TrainingError

SPLITS = ("train", "validation")


class SFTDatasetError(TrainingError, ValueError):
    """The dataset folder cannot be used; the message names the file and what to do."""


@dataclass
class DatasetInfo:
    columns: dict[str, list[str]] = field(default_factory=dict)  # split -> column names
    rows: dict[str, int] = field(default_factory=dict)
    tasks: set[str] = field(default_factory=set)


def _read_jsonl(path: Path) -> list[dict]:
    rows = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise SFTDatasetError(f"{path} line {number}: not valid JSON ({exc.msg}); re-export the "
                                      "dataset") from None
            if not isinstance(row, dict):
                raise SFTDatasetError(f"{path} line {number}: expected one JSON object per line")
            rows.append(row)
    return rows


def _features_for(columns):
    from datasets import Features, Json, List

    return Features({name: List(Json()) if name in ("messages", "tools") else Json() for name in columns})


def load_sft_dataset(folder: str | Path):
    """The dataset as a ``DatasetDict`` with ``train`` and (when present) ``validation``."""
    from datasets import Dataset, DatasetDict, load_from_disk

    folder = Path(folder)
    if not folder.is_dir():
        raise SFTDatasetError(f"{folder} is not a folder; give the folder 'python -m training export-sft' "
                              "wrote (train.jsonl, validation.jsonl, dataset_dict.json, ...)")
    if (folder / "dataset_dict.json").is_file():
        try:
            loaded = load_from_disk(str(folder))
        except (OSError, ValueError) as exc:
            raise SFTDatasetError(f"{folder}: the saved dataset cannot be read ({exc}); re-export it") from None
        if not isinstance(loaded, DatasetDict):  # dataset_dict.json is what a saved DatasetDict writes
            raise SFTDatasetError(f"{folder}: holds a single saved dataset, not the splits export-sft writes")
        return DatasetDict({split: loaded[split] for split in SPLITS if split in loaded})
    splits = {}
    for split in SPLITS:
        path = folder / f"{split}.jsonl"
        if path.is_file():
            rows = _read_jsonl(path)
            columns = sorted({key for row in rows for key in row})
            splits[split] = Dataset.from_list(rows, features=_features_for(columns))
    if "train" not in splits:
        raise SFTDatasetError(f"{folder} holds neither dataset_dict.json nor train.jsonl; export the dataset "
                              "with 'python -m training export-sft --out DIR'")
    return DatasetDict(splits)


def inspect_sft_dataset(folder: str | Path) -> DatasetInfo:
    data = load_sft_dataset(folder)
    if "train" not in data or len(data["train"]) == 0:
        raise SFTDatasetError(f"{folder}: the train split is empty")
    info = DatasetInfo()
    for split, dataset in data.items():
        info.columns[str(split)] = list(dataset.column_names)
        info.rows[str(split)] = len(dataset)
        if "task" in dataset.column_names:
            info.tasks |= {t for t in dataset["task"] if t}
    return info


def conversation(row: dict) -> tuple[list[dict], list[dict]]:
    """A row's (messages, tools), ready for the chat template."""
    return template_messages(list(row["messages"])), list(row.get("tools") or [])


def to_training_rows(dataset):
    """Only what the trainer reads: ``messages`` and ``tools``, normalised for the template."""
    from datasets import Dataset

    rows = []
    for row in dataset:
        messages, tools = conversation(row)
        rows.append({"messages": messages, "tools": tools})
    return Dataset.from_list(rows, features=_features_for(["messages", "tools"]))
