"""``python -m corpus publish-generated RUN [RUN ...]`` — a generator's output folders made into committed
tasks under ``corpus/generated/`` (rerunning nothing); ``--check`` checks what is committed there;
``--recategorize`` sets each task's category to the one its operator declares now."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from corpus.generated_corpus import check_generated
from corpus.publish_generated import PublishError, publish
from corpus.recategorize import recategorize
from corpus.repository.corpus_root import GENERATED_TASKS_DIR


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus publish-generated", description=__doc__)
    parser.add_argument("runs", nargs="*", type=Path, metavar="RUN",
                        help="a 'python -m corpus generate' --out folder, made at a real bug's fixed commit "
                             "(--from-real, or --repo over a clean checkout of that commit)")
    parser.add_argument("--into", type=Path, default=GENERATED_TASKS_DIR,
                        help="the generated corpus (default: corpus/generated)")
    parser.add_argument("--from-real", metavar="BUG",
                        help="the real bug whose fixed commit the run was made at (default: the real bug of the "
                             "run's project fixed at its commit)")
    parser.add_argument("--check", action="store_true",
                        help="check the corpus instead: every task loads, its patch applies to its tree, a "
                             "function's mutations share a split, each run's record matches the folders")
    parser.add_argument("--recategorize", action="store_true",
                        help="set each task's category under --into to the one its generator.operator declares "
                             "(corpus/plant/operators), changing nothing else in its meta.json; --check with it "
                             "lists the changes and writes nothing")
    args = parser.parse_args(argv)
    if args.runs and (args.check or args.recategorize):
        print(f"error: {'--check' if args.check else '--recategorize'} takes no RUN; it works on what --into holds",
              file=sys.stderr)
        return 2
    if args.recategorize:
        return _recategorize(args.into, write=not args.check)
    if args.check:
        check = check_generated(args.into)
        for problem in check.problems:
            print(f"PROBLEM {problem}")
        print(f"{check.tasks} tasks from {check.runs} runs over {check.trees} trees: {len(check.problems)} problems "
              f"({', '.join(f'{k} {v:.1f}s' for k, v in check.seconds.items())})")
        return 0 if check.ok else 1
    if not args.runs:
        print("error: give at least one RUN folder to publish, or --check", file=sys.stderr)
        return 2
    status = 0
    for run in args.runs:
        try:
            result = publish(run, args.into, args.from_real)
        except PublishError as exc:
            print(f"error: {exc}", file=sys.stderr)
            status = 2
            continue
        print(f"{run}: {len(result.published)} task(s) published from {result.from_real} into {args.into}, "
              f"record {result.record}")
        for name, why in result.skipped.items():
            print(f"  left out {name}: {why}")
        if result.untracked:
            print(f"  note: the run's copy held {len(result.untracked)} file(s) the commit lacks (not modules; the "
                  f"committed tasks go without them), first {result.untracked[0]}")
    return status


def _recategorize(into: Path, *, write: bool) -> int:
    result = recategorize(into, write=write)
    for name, (old, new) in sorted(result.changed.items()):
        print(f"{name}: {old} -> {new}")
    for problem in result.problems:
        print(f"PROBLEM {problem}")
    print(f"{len(result.changed)} task(s) {'recategorized' if write else 'to recategorize'}, {result.unchanged} "
          f"already in their operator's category, {len(result.problems)} problem(s) in {into}")
    return 1 if result.problems or (result.changed and not write) else 0
