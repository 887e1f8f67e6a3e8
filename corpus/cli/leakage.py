"""``python -m corpus leakage`` — the corpus checked against itself: no task outside heldout copies
heldout code, no two tasks (any splits) are near-duplicates, no pair judged to share a mechanism is split
across heldout and the rest, no function's generated mutations straddle two splits; lists the most similar
pairs, and notes generated tasks outside heldout planted in a heldout real bug's fixed tree. Exit 1 when any
but a note is found."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from corpus.format import TASKS_DIR, TaskFormatError, load_task, task_dirs
from corpus.generated_corpus import heldout_fixed_trees, split_straddles
from corpus.leakage import LeakageGuard, corpus_leaks
from corpus.mechanisms import MECHANISMS_FILE, MechanismsError, load_mechanism_pairs
from corpus.repository.corpus_root import GENERATED_TASKS_DIR
from corpus.repository.task import GeneratedTask
from corpus.similarity import SHINGLE, THRESHOLD
from corpus.splits import SPLITS_FILE, SplitsError, load_splits
from corpus.task_splits import task_splits


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus leakage", description=__doc__)
    parser.add_argument("--root", type=Path, default=TASKS_DIR, help="the tasks folder (default: corpus/tasks)")
    parser.add_argument("--splits", type=Path, default=SPLITS_FILE, help="the splits file (default: corpus/splits.json)")
    parser.add_argument("--mechanisms", type=Path, default=MECHANISMS_FILE,
                        help="pairs judged to share a mechanism (default: corpus/mechanisms.json)")
    parser.add_argument("--top", type=int, default=10, help="how many of the most similar pairs to list (default: 10)")
    parser.add_argument("--generated", type=Path, default=GENERATED_TASKS_DIR,
                        help="the generated tasks, whose split groups are checked (default: corpus/generated)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    tasks = []
    for folder in task_dirs(args.root):
        try:
            tasks.append(load_task(folder))
        except TaskFormatError as exc:
            print(f"skipped: {exc}", file=sys.stderr)
    try:
        guard = LeakageGuard.from_corpus(args.root, args.splits)
        splits, mechanism_pairs = load_splits(args.splits), load_mechanism_pairs(args.mechanisms)
    except (SplitsError, MechanismsError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    report = corpus_leaks(tasks, guard, top=max(0, args.top), mechanism_pairs=mechanism_pairs, splits=splits)
    generated = _generated(args.generated)
    straddles = split_straddles(generated)
    ok = report.ok and not straddles
    notes = heldout_fixed_trees(generated, _real_splits())
    if args.json:
        print(json.dumps({"ok": ok, "threshold": THRESHOLD, "shingle": SHINGLE, "copies": report.copies,
                          "split_siblings": report.split_siblings, "generated_straddles": straddles,
                          "heldout_fixed_trees": notes,
                          "near_duplicates": [p.to_dict() for p in report.near_duplicates],
                          "most_similar": [p.to_dict() for p in report.most_similar]}, indent=2))
        return 0 if ok else 1
    for line in report.copies:
        print(f"COPY  {line}")
    for line in report.split_siblings:
        print(f"SPLIT {line}")
    for line in straddles:
        print(f"SPLIT {line}")
    for line in notes:
        print(f"NOTE  {line}")
    for pair in report.near_duplicates:
        print(f"NEAR  {pair.first} ~ {pair.second}: similarity {pair.similarity:.2f} >= {THRESHOLD:.2f}; make one "
              "of them different (another mechanism or domain) or remove it (its name stays in splits.json)")
    print(f"most similar pairs ({SHINGLE}-token shingles of buggy/ + shared/, threshold {THRESHOLD:.2f}):")
    for pair in report.most_similar:
        print(f"  {pair.similarity:.3f}  {pair.first} ~ {pair.second}")
    print(f"{len(tasks)} tasks: {len(report.copies)} copying heldout code, {len(report.near_duplicates)} "
          f"near-duplicate pairs, {len(report.split_siblings)} same-mechanism pairs across the heldout line; "
          f"{len(generated)} generated tasks: {len(straddles)} functions whose mutations straddle splits")
    return 0 if ok else 1


def _generated(root: Path) -> list[GeneratedTask]:
    found = []
    for folder in task_dirs(root):
        try:
            task = load_task(folder)
        except TaskFormatError as exc:
            print(f"skipped: {exc}", file=sys.stderr)
            continue
        if isinstance(task, GeneratedTask):
            found.append(task)
    return found


def _real_splits() -> dict[str, str]:
    """The real bugs' splits (``python -m corpus real-stats`` writes them); none when the file is absent or
    unreadable (this only adds notes)."""
    try:
        return task_splits().real()
    except SplitsError:
        return {}
