"""``python -m corpus stats --out DIR`` — the corpus's shape: per-task table (CSV + markdown), medians and
90th percentiles, counts by category and preference, and PNG plots."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tqdm import tqdm

from corpus.format import TASKS_DIR, TaskFormatError, load_task, task_dirs
from corpus.splits import SPLITS_FILE, SplitsError, load_splits
from corpus.stats import MEASURE_TITLES, MEASURES, fill_readme_block, summarize, task_rows
from corpus.stats_report import write_report


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus stats", description=__doc__)
    parser.add_argument("--out", type=Path, required=True, help="folder for the table, summary and plots")
    parser.add_argument("--root", type=Path, default=TASKS_DIR, help="the tasks folder (default: corpus/tasks)")
    parser.add_argument("--splits", type=Path, default=SPLITS_FILE, help="the splits file (for the split column)")
    parser.add_argument("--readme", type=Path,
                        help="also put the summary tables between the corpus-stats markers of this file")
    args = parser.parse_args(argv)
    tasks, skipped = [], []
    for folder in tqdm(task_dirs(args.root), desc="reading tasks", unit="task", file=sys.stderr):
        try:
            tasks.append(load_task(folder))
        except TaskFormatError as exc:
            skipped.append(str(exc))
    for problem in skipped:
        print(f"skipped: {problem}", file=sys.stderr)
    if not tasks:
        print(f"error: no loadable tasks under {args.root}", file=sys.stderr)
        return 2
    try:
        splits = load_splits(args.splits)
    except SplitsError as exc:
        print(f"note: no split column ({exc})", file=sys.stderr)
        splits = {}
    rows = task_rows(tasks, splits)
    paths = write_report(rows, args.out)
    summary = summarize(rows)
    for measure in MEASURES:
        m = summary["measures"][measure]
        print(f"{MEASURE_TITLES[measure]:<20} median {m['median']:g}  p90 {m['p90']:g}  max {m['max']:g}")
    print("preference: " + ", ".join(f"{p} {n}" for p, n in summary["by_preference"].items()))
    print(f"wrote {', '.join(p.name for p in paths.values())} to {args.out}")
    if args.readme:
        try:
            args.readme.write_text(fill_readme_block(args.readme.read_text(encoding="utf-8"), summary),
                                   encoding="utf-8")
        except (OSError, ValueError) as exc:
            print(f"error: {args.readme}: {exc}", file=sys.stderr)
            return 2
        print(f"updated the corpus statistics in {args.readme}")
    return 1 if skipped else 0
