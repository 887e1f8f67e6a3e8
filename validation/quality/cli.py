"""``python -m corpus quality`` — each task measured: where its state first goes wrong and the label the
versioned rule proposes from that (beside the author's), the wrong fixes its tests kill and let through,
the right ones they reject, its report's flags, the measured mechanism; then a corpus summary.

The whole corpus takes a while (three traced runs and up to ~40 probe runs a task); ``--sample N``
measures N tasks picked by a seed. ``--write`` records each measured label in its meta.json
(``measured``: label, rule version, divergence, when, by which command); the author's ``preference``
is never changed by it. ``--docs`` writes the generated docs page.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from tqdm import tqdm

from corpus.format import TASKS_DIR, TaskFormatError, load_task, task_dirs
from corpus.quality.divergence import Divergence
from corpus.quality.label_rule import RULE_PATH, LabelRule
from corpus.quality.report_check import report_flags
from corpus.quality.summary import (
    FAMILY_PROBLEM_PREFIXES,
    apply_family_caps,
    render_page,
    summarize,
    write_measured,
)
from harness.sandbox.backends import BACKEND_NAMES, DEFAULT_BACKEND, get_backend
from validation.quality.measure import measure_task


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus quality", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tasks", nargs="*", help="task names or folders (default: every task)")
    parser.add_argument("--root", type=Path, default=TASKS_DIR, help="the tasks folder (default: corpus/tasks)")
    parser.add_argument("--sample", type=int, metavar="N", help="measure N tasks chosen by --seed")
    parser.add_argument("--seed", default="quality", help="seed of --sample (default: quality)")
    parser.add_argument("--sandbox", choices=BACKEND_NAMES, default=DEFAULT_BACKEND)
    parser.add_argument("--no-probes", action="store_true", help="skip the wrong- and equivalent-fix runs")
    parser.add_argument("--rule", type=Path, default=RULE_PATH, help="the label rule (default: the versioned one)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="write every task's record and the summary")
    parser.add_argument("--docs", type=Path, metavar="PATH", help="write the generated markdown page")
    parser.add_argument("--write", action="store_true", help="record the measured label in each meta.json")
    parser.add_argument("--merge", type=Path, nargs="+", metavar="JSON",
                        help="measure nothing: join the records of earlier --json runs (shards of the corpus run "
                             "in parallel), propose their labels again under --rule and apply the family caps "
                             "across all of them")
    args = parser.parse_args(argv)
    try:
        rule = LabelRule.load(args.rule)
    except (OSError, ValueError, KeyError) as exc:
        print(f"error: the label rule {args.rule} cannot be read ({exc}); give a JSON file with 'version' and "
              "'rules'", file=sys.stderr)
        return 2
    if args.merge:
        try:
            records = merged_records(args.merge, rule, args.root)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"error: cannot merge {', '.join(map(str, args.merge))} ({exc}); give files written by --json",
                  file=sys.stderr)
            return 2
        return _finish(records, args, rule, whole=len(records) == len(task_dirs(args.root)))
    folders = _select(args.root, args.tasks)
    if folders is None:
        return 2
    if args.sample is not None:
        if args.sample < 1:
            print("error: --sample must be at least 1", file=sys.stderr)
            return 2
        folders = sorted(random.Random(args.seed).sample(folders, min(args.sample, len(folders))))
    sandbox = get_backend(args.sandbox)
    records = []
    try:
        for folder in tqdm(folders, desc="measuring tasks", unit="task", file=sys.stderr):
            try:
                task = load_task(folder)
            except TaskFormatError as exc:
                print(f"skipped: {exc}", file=sys.stderr)
                continue
            quality = measure_task(task, sandbox=sandbox, rule=rule, probes=not args.no_probes)
            record = quality.to_dict()
            records.append(record)
            tqdm.write(_line(record), file=sys.stderr)
    finally:
        sandbox.close()
    return _finish(records, args, rule, whole=args.sample is None and not args.tasks)


def merged_records(paths: list[Path], rule: LabelRule, root: Path = TASKS_DIR) -> list[dict]:
    """Records of earlier runs, one per task (the last file wins), their labels proposed again from their
    divergences (undoing any family cap a shard applied alone), and their category, author's label and
    report flags read again from the task as it is now (a measurement does not go stale when those change)."""
    by_task: dict[str, dict] = {}
    for path in paths:
        for record in json.loads(path.read_text(encoding="utf-8"))["tasks"]:
            by_task[record["task"]] = record
    fields = set(Divergence.__dataclass_fields__)
    for record in by_task.values():
        d = record.get("divergence")
        proposed = rule.propose(Divergence(**{k: v for k, v in d.items() if k in fields}) if d else None)
        record["proposed"], record["rule"], record["why"] = proposed.preference, proposed.rule, proposed.why
        record["problems"] = [p for p in record["problems"] if not p.startswith(FAMILY_PROBLEM_PREFIXES)]
        record.pop("notes", None)
        try:
            task = load_task(root / record["task"])
        except TaskFormatError:
            continue
        flags = report_flags(task.description, task.test_files)
        record["category"], record["author"] = task.category, task.preference
        record["report_flags"] = [f.describe() for f in flags]
        record["problems"] = [p for p in record["problems"] if not p.startswith("report ")]
        record["problems"] += [f"report {f.describe()}; describe the symptom only" for f in flags]
    return [by_task[name] for name in sorted(by_task)]


def _finish(records: list[dict], args: argparse.Namespace, rule: LabelRule, *, whole: bool) -> int:
    apply_family_caps(records)
    summary = summarize(records, rule_version=rule.version, whole=whole)
    print(json.dumps(summary, indent=1))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "tasks": records}, indent=1), encoding="utf-8")
    if args.docs:
        args.docs.write_text(render_page(summary, records), encoding="utf-8")
    if args.write:
        for record in records:
            write_measured(args.root / record["task"], record, command="python -m corpus quality --write")
    failed = [r["task"] for r in records if not r["tests_pin_fix"] or r["problems"]]
    return 1 if failed else 0


def _line(record: dict) -> str:
    d = record["divergence"] or {}
    where = (f"{d.get('calls')} calls, {d.get('files')} files, {'shown' if d.get('shown') else 'not shown'}"
             if d else "no divergence")
    return (f"{record['task']}: author {record['author']}, measured {record['proposed']} ({where}); "
            f"fixes killed {record['killed']}/{record['wrong_fixes']}, "
            f"{len(record['surviving'])} surviving, {len(record['rejected_equivalents'])} right ones rejected")


def _select(root: Path, names: list[str]) -> list[Path] | None:
    if not names:
        return task_dirs(root)
    out = []
    for name in names:
        path = Path(name) if Path(name).is_dir() else root / name
        if not path.is_dir():
            print(f"error: no task folder {name!r} under {root} (give a task name or a folder path)", file=sys.stderr)
            return None
        out.append(path)
    return out
