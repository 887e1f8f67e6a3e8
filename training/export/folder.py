"""Writing the dataset folder (docs/researchers/training.md, "Export"): the rows as JSON Lines and as a
saved ``DatasetDict``, the manifest (counts, policy version, sources, sha256 of every file) and the
dataset card. Everything is written into a fresh sibling folder first and swapped in at the end, so a
failed export leaves the previous one whole."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections import Counter
from pathlib import Path

from harness.trajectory import now_iso
from training.datagen.summary import markdown_table
from training.export.rows import COLUMNS, features

SCHEMA = "stepwise.sft_dataset/1"
SPLITS = ("train", "validation")


class FolderError(ValueError):
    pass


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def counts_of(rows: dict[str, list[dict]]) -> dict:
    """Per split: rows, tasks, and rows by source, preference, skill and arm."""
    out = {}
    for split in SPLITS:
        split_rows = rows.get(split, [])
        out[split] = {
            "rows": len(split_rows), "tasks": len({r["task"] for r in split_rows}),
            "by_source": dict(sorted(Counter(r["source"] for r in split_rows).items())),
            "by_preference": dict(sorted(Counter(r["preference"] for r in split_rows).items())),
            "by_skill": dict(sorted(Counter(r["skill"] for r in split_rows if r["skill"]).items())),
            "by_arm": dict(sorted(Counter(r["arm"] for r in split_rows).items())),
        }
    return out


def check_target(out: Path) -> None:
    """``out`` may be absent, empty, or an earlier export (replaced); anything else is refused."""
    if not out.exists():
        return
    if not out.is_dir():
        raise FolderError(f"{out} is a file; give a folder for --out")
    if not any(out.iterdir()):
        return
    try:
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError):
        manifest = {}
    if manifest.get("schema") != SCHEMA:
        raise FolderError(f"{out} holds files that are not an SFT export (no {SCHEMA} manifest.json); give an "
                          "empty or new --out, so nothing there is overwritten")


def write_folder(out: Path, rows: dict[str, list[dict]], provenance: dict) -> dict:
    """Write the folder; returns the manifest."""
    from datasets import Dataset, DatasetDict

    check_target(out)
    staging = out.parent / f".{out.name}.export-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        for split in SPLITS:
            with (staging / f"{split}.jsonl").open("w", encoding="utf-8") as handle:
                for row in rows.get(split, []):
                    handle.write(json.dumps(row, ensure_ascii=False) + "\n")
        DatasetDict({split: Dataset.from_dict({c: [r[c] for r in rows.get(split, [])] for c in COLUMNS},
                                              features=features())
                     for split in SPLITS}).save_to_disk(str(staging))
        manifest = {"schema": SCHEMA, "created_at": now_iso(),
                    "counts": {split: len(rows.get(split, [])) for split in SPLITS},
                    "tasks": {split: sorted({r["task"] for r in rows.get(split, [])}) for split in SPLITS},
                    "by_split": counts_of(rows), **provenance}
        (staging / "README.md").write_text(dataset_card(manifest), encoding="utf-8")
        manifest["files"] = {path.relative_to(staging).as_posix(): _sha256(path)
                             for path in sorted(staging.rglob("*")) if path.is_file()}
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        old = out.parent / f".{out.name}.previous-{os.getpid()}"
        if out.exists():
            os.replace(out, old)
        os.replace(staging, out)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return manifest


def dataset_card(manifest: dict) -> str:
    by_split = manifest["by_split"]
    train, validation = by_split["train"], by_split["validation"]

    def table(title: str, key: str) -> str:
        names = sorted(set(train[key]) | set(validation[key]))
        if not names:
            return ""
        rows = [(name, train[key].get(name, 0), validation[key].get(name, 0)) for name in names]
        return f"\n{markdown_table([title, 'train', 'validation'], rows, 'lrr')}\n"

    sources = [(s["path"], s["kind"], ", ".join(s.get("teachers", [])) or "–", s["accepted"], s["used"])
               for s in manifest["sources"]]
    ratio = manifest.get("microskill_ratio")
    return f"""# Stepwise SFT dataset

Bug-fixing conversations in which a model uses a real debugger (pdb) through tools, for supervised
fine-tuning of a tool-calling chat model. Full episodes are synthetic rollouts kept by the behavioural
policy {manifest['policy_version'] or '(none)'} and the independent verifier (best of N candidates per
task); microskill examples each practise one habit (read before edit, inspect at a breakpoint, rerun the
tests before done, ...); demonstrations are verified episodes people played by hand in the web app's
live sessions. Written by `python -m training export-sft` on {manifest['created_at']}.

## Splits

Split by task: no task has rows in both splits, and no heldout task appears.

{markdown_table(['split', 'rows', 'tasks', 'rollouts', 'microskills', 'demonstrations'],
                [(split, by_split[split]['rows'], by_split[split]['tasks'],
                  by_split[split]['by_source'].get('rollout', 0), by_split[split]['by_source'].get('microskill', 0),
                  by_split[split]['by_source'].get('demonstration', 0))
                 for split in SPLITS], 'lrrrrr')}

## Debugger preference of the tasks
{table('preference', 'by_preference')}
## Microskills
{table('skill', 'by_skill') or chr(10) + 'None in this export.' + chr(10)}
Microskill ratio: {'all available' if ratio is None else f'at most {ratio} per rollout row in each split'}
({manifest['microskills']['used']} of {manifest['microskills']['available']} available used).
Validation: the corpus's validation tasks{f", plus {manifest['validation_fraction']:.0%} of the train tasks by a stable hash" if manifest.get('validation_fraction') else ''}.

## Sources

{markdown_table(['folder', 'kind', 'teachers', 'kept there', 'used'], sources, 'lllrr')}

## Columns

- `messages`: the conversation in OpenAI chat format (system, user, assistant turns with `tool_calls`
  whose `function.arguments` are JSON objects, tool answers with `tool_call_id`); it ends on the model's
  final `done` call. Generation-only guidance given to the teacher is not in it.
- `tools`: the OpenAI function schemas of the row's arm (`dbg`: shell, files and the debugger).
- `task`, `split`, `arm`, `source` (`rollout`, `microskill` or `demonstration`), `skill` (null for
  whole episodes),
  `preference`, `policy_version`, `quality_score` (the pdb_policy score), `episode_id`, `teacher`.

`messages` and `tools` are `datasets` `Json()` features, so each row keeps its own structure.

## Loading

```python
from datasets import load_from_disk
data = load_from_disk("THIS_FOLDER")          # DatasetDict: train, validation
```

The same rows are in `train.jsonl` and `validation.jsonl` (`load_dataset("json", data_files=...)` reads
them, but infers one struct for every tool's arguments, filling other tools' keys with null; the saved
dataset keeps each row as written). `manifest.json` lists the counts, the sources and the sha256 of
every file.
"""
