"""``python -m corpus split`` — hash new tasks into train / validation / heldout; old ones never move."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from corpus.format import TASKS_DIR, TaskFormatError, load_task, task_dirs
from corpus.mechanisms import MECHANISMS_FILE, MechanismsError, load_mechanism_pairs, same_split_groups
from corpus.splits import SPLITS, SPLITS_FILE, SplitsError, assign, read_splits_file, write_splits


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus split", description=__doc__)
    parser.add_argument("--root", type=Path, default=TASKS_DIR, help="the tasks folder (default: corpus/tasks)")
    parser.add_argument("--file", type=Path, default=SPLITS_FILE, help="the splits file (default: corpus/splits.json)")
    parser.add_argument("--mechanisms", type=Path, default=MECHANISMS_FILE,
                        help="pairs judged to share a mechanism; a new task joins its 'same' sibling's split "
                             "(default: corpus/mechanisms.json)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a task has no split yet (for CI)")
    args = parser.parse_args(argv)
    if not args.root.is_dir():
        print(f"error: --root {args.root} is not a folder; give the folder that holds the task folders",
              file=sys.stderr)
        return 2
    if not args.check and not args.file.parent.is_dir():
        print(f"error: --file {args.file}: its folder {args.file.parent} does not exist; create it or give "
              "another path", file=sys.stderr)
        return 2
    names, unloadable = [], []
    for folder in task_dirs(args.root):
        try:
            names.append(load_task(folder).name)
        except TaskFormatError as exc:
            unloadable.append(folder.name)
            print(f"skip   {folder.name}: {exc.field}: {exc.reason} (a task gets a split once it loads)")
    try:
        existing = read_splits_file(args.file)["assignments"] if args.file.exists() else {}
        together = same_split_groups(load_mechanism_pairs(args.mechanisms))
    except (SplitsError, MechanismsError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    # A half-written task is neither hashed in nor reported as gone.
    update = assign(names, existing, together=together)
    update.missing = [n for n in update.missing if n not in unloadable]
    for name, split in update.added.items():
        print(f"new    {name} -> {split}")
    for name in update.missing:
        print(f"gone   {name} (assigned to {existing[name]}, no folder under {args.root}; kept so its "
              "name stays guarded — delete the entry by hand if it should go)")
    counts = update.counts()
    total = sum(counts.values()) or 1
    print("splits: " + ", ".join(f"{s} {counts[s]} ({100 * counts[s] / total:.0f}%)" for s in SPLITS))
    if args.check:
        if update.added:
            print(f"error: {len(update.added)} task(s) have no split; run 'python -m corpus split' and commit "
                  f"{args.file.name}", file=sys.stderr)
            return 1
        return 0
    if update.added or not args.file.exists():
        write_splits(update.assignments, args.file)
        print(f"wrote {args.file}")
    else:
        print(f"{args.file} is up to date")
    return 0
