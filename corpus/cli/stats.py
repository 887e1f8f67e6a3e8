"""``python -m corpus stats --out DIR`` — the corpus's shape: per-task table (CSV + markdown), medians and
90th percentiles, counts by category and preference, the distance from failure to fix, the shape
targets met or short, the most similar pairs, and PNG plots."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tqdm import tqdm

from corpus.format import TASKS_DIR, TaskFormatError, load_task, task_dirs
from corpus.generated_corpus import read_run_records
from corpus.mechanisms import MECHANISMS_FILE, MechanismsError, load_mechanism_pairs
from corpus.origins import count_origins, origins_markdown
from corpus.repository.corpus_root import GENERATED_TASKS_DIR, REAL_TASKS_DIR
from corpus.similarity import similar_pairs
from corpus.splits import SPLITS_FILE, SplitsError, load_splits
from corpus.stats import MEASURE_TITLES, MEASURES, fill_readme_block, task_rows
from corpus.stats_report import full_summary, write_report

FAILING_FILE = "failing_tests.json"


def failing_tests_from(report_path: Path) -> dict[str, list[str]]:
    """task -> the failing tests of its first buggy run, from ``corpus validate --json`` output."""
    report = json.loads(report_path.read_text(encoding="utf-8"))
    out = {}
    for verdict in report.get("tasks", []):
        failing = verdict.get("runs", {}).get("buggy", {}).get("failing_tests")
        if failing:
            out[verdict["task"]] = list(failing)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus stats", description=__doc__)
    parser.add_argument("--out", type=Path, required=True, help="folder for the table, summary and plots")
    parser.add_argument("--root", type=Path, default=TASKS_DIR, help="the tasks folder (default: corpus/tasks)")
    parser.add_argument("--splits", type=Path, default=SPLITS_FILE, help="the splits file (for the split column)")
    parser.add_argument("--validation", type=Path, metavar="REPORT",
                        help="a 'corpus validate --json' report: distances are measured from each task's failing "
                             f"tests, kept in OUT/{FAILING_FILE} for later runs (without either, from the nearest "
                             "of all its tests)")
    parser.add_argument("--mechanisms", type=Path, default=MECHANISMS_FILE,
                        help="pairs judged to share a mechanism, listed in OUT/mechanisms.md "
                             "(default: corpus/mechanisms.json)")
    parser.add_argument("--also", type=Path, action="append", default=None, metavar="ROOT",
                        help="more task folders counted by origin beside --root (repeatable; default: the real-bug "
                             "corpus, corpus/real, and the generated one, corpus/generated; a generator's OUT/tasks "
                             "for a run's own)")
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
    failing, kept = {}, args.out / FAILING_FILE
    if args.validation:
        try:
            failing = failing_tests_from(args.validation)
        except (OSError, ValueError, AttributeError) as exc:
            print(f"error: {args.validation}: not a 'corpus validate --json' report ({exc})", file=sys.stderr)
            return 2
        args.out.mkdir(parents=True, exist_ok=True)
        kept.write_text(json.dumps(dict(sorted(failing.items())), indent=1) + "\n", encoding="utf-8")
    elif kept.is_file():
        failing = json.loads(kept.read_text(encoding="utf-8"))
        print(f"note: distances from the failing tests kept in {kept}", file=sys.stderr)
    if failing:
        unknown = sorted(t.name for t in tasks if t.name not in failing)
        if unknown:
            print(f"note: {len(unknown)} task(s) have no recorded failing tests (measured from all their tests): "
                  f"{', '.join(unknown)}", file=sys.stderr)
    try:
        mechanism_pairs = load_mechanism_pairs(args.mechanisms)
    except MechanismsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    also = args.also if args.also is not None else [REAL_TASKS_DIR, GENERATED_TASKS_DIR]
    runs = [record for root in also for record in read_run_records(root)[0].values()]
    origins = count_origins([*tasks, *_other_tasks(also)], runs)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "origins.json").write_text(json.dumps(origins, indent=1) + "\n", encoding="utf-8")
    (args.out / "origins.md").write_text(origins_markdown(origins), encoding="utf-8")
    print("origin: " + ", ".join(f"{o} {row['total']}" for o, row in origins["by_origin"].items()))
    rows = task_rows(tasks, splits, failing)
    most_similar = similar_pairs(tasks, top=10)
    paths = write_report(rows, args.out, most_similar, mechanism_pairs, origins_markdown(origins))
    summary = full_summary(rows, most_similar)
    for measure in MEASURES:
        m = summary["measures"][measure]
        print(f"{MEASURE_TITLES[measure]:<24} median {m['median']:g}  p90 {m['p90']:g}  max {m['max']:g}")
    print("preference: " + ", ".join(f"{p} {n}" for p, n in summary["by_preference"].items()))
    print("shape targets:")
    for target in summary["shape"]:
        state = "met" if target["met"] else "SHORT"
        print(f"  {target['target']:<32} {target['value']:>6g} (minimum {target['minimum']:g}): {state} by "
              f"{abs(target['margin']):g}")
    top = summary["most_similar"][0] if summary["most_similar"] else None
    if top:
        print(f"most similar pair: {top['first']} ~ {top['second']} ({top['similarity']:.3f}); "
              "'python -m corpus leakage' lists more")
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


def _other_tasks(roots: list[Path]) -> list:
    """The loadable tasks under each extra root (a malformed one is reported and left out)."""
    found = []
    for root in roots:
        for folder in task_dirs(root):
            try:
                found.append(load_task(folder))
            except TaskFormatError as exc:
                print(f"skipped: {exc}", file=sys.stderr)
    return found
