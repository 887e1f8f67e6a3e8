"""``python -m corpus generate``: plant state-dependent bugs in a repository whose tests pass and keep
the ones whose failure is deterministic, as tasks with their measured runtime evidence and label."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tqdm import tqdm

from corpus.plant.operators import OPERATORS
from corpus.real_bugs import RealBugNotFound, real_bug
from harness.sandbox.backends import BACKEND_NAMES, DEFAULT_BACKEND
from harness.sandbox.backends.base import SandboxError
from validation.generate.choice import ORDERS
from validation.generate.environment import environment_of
from validation.generate.pipeline import REPORT_FILE, GenerateError, Options, generate
from validation.generate.repository import RepositoryError
from validation.generate.selection import REJECT_REASONS


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m corpus generate", description=__doc__,
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--repo", type=Path, help="the repository's root folder (its tests must pass); the tasks "
                                                  "share a copy of it in OUT/sources/")
    source.add_argument("--from-real", metavar="BUG",
                        help="plant in a real bug's fixed tree (a name under corpus/real such as sanic-1, or its "
                             "folder), tested in its environment; the tasks name the real corpus's history and "
                             "the commit instead of a copy, the form corpus/generated/ holds")
    parser.add_argument("--out", required=True, type=Path,
                        help="where tasks/, the shared sources/ snapshot (with --repo), the state file and the "
                             "report go")
    parser.add_argument("--seed", type=int, default=0, help="chooses and orders the candidates (same seed, same tasks)")
    parser.add_argument("--max-tasks", type=int, default=100, help="stop once this many tasks are kept")
    parser.add_argument("--max-candidates", type=int, default=None,
                        help="candidates to try at most (default: 10 per wanted task)")
    parser.add_argument("--workers", type=int, default=1, help="parallel sandboxes")
    parser.add_argument("--sandbox", choices=BACKEND_NAMES, default=DEFAULT_BACKEND, help="where the tests run")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds for one candidate's test run at most (its first run gets ten times what its tests "
                             "took in the baseline, plus 10 s, when that is less)")
    parser.add_argument("--environment-from", type=Path, metavar="TASK",
                        help="run the tests in this repository task's environment (a real bug of the same project: "
                             "its interpreter, pins and variables); default: this interpreter with pytest")
    parser.add_argument("--tests", action="append", default=[], metavar="PATH",
                        help="a test file or folder of the suite, relative to --repo (repeatable; default: what "
                             "pytest discovers, for suites whose files it does not, such as tests_*.py)")
    parser.add_argument("--order", choices=ORDERS, default="indirect",
                        help="which candidates to try first: 'indirect' (functions the tests reach only through "
                             "other code, and operators whose wrong value is stored and read later) or 'seed' "
                             "(the seed's order alone)")
    parser.add_argument("--published", type=Path, metavar="DIR",
                        help="leave out changes already published in this corpus (corpus/generated when planting "
                             "at another commit of a project it holds tasks from: most functions are the same)")
    parser.add_argument("--operator", action="append", choices=sorted(OPERATORS), dest="operators",
                        help="only this operator (repeatable; default: all)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.max_tasks < 1 or args.workers < 1 or (args.max_candidates is not None and args.max_candidates < 1):
        print("error: --max-tasks, --max-candidates and --workers must be at least 1", file=sys.stderr)
        return 2
    bar = tqdm(total=0, unit="candidate", disable=None, file=sys.stderr)

    def progress(done: int, total: int, outcomes) -> None:
        bar.total = total
        bar.n = done
        bar.set_postfix(kept=outcomes.get("kept", 0), refresh=False)
        bar.refresh()

    if args.from_real and args.environment_from:
        print("error: --from-real runs the tests in that bug's environment; leave out --environment-from",
              file=sys.stderr)
        return 2
    try:
        real = real_bug(args.from_real) if args.from_real else None
    except RealBugNotFound as exc:
        print(f"error: --from-real {exc}", file=sys.stderr)
        return 2
    try:
        environment, name = environment_of(args.environment_from) if args.environment_from else (None, None)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    options = Options(environment=environment, name=name, repo=args.repo, real=real, out=args.out, seed=args.seed, max_tasks=args.max_tasks,
                      max_candidates=args.max_candidates, workers=args.workers, sandbox=args.sandbox,
                      timeout_s=args.timeout, tests=tuple(args.tests), operators=tuple(args.operators) if args.operators else None,
                      order=args.order, published=args.published)
    try:
        report = generate(options, progress=progress)
    except (GenerateError, RepositoryError, SandboxError) as exc:
        bar.close()
        print(f"error: {exc}", file=sys.stderr)
        return 2
    bar.close()
    summary = report.to_dict()
    print(f"{report.repo} ({report.version}), seed {report.seed}: {summary['kept']} kept of "
          f"{sum(report.outcomes.values())} candidates tried ({report.baseline_tests} passing tests)"
          + (f"; {report.not_tried()}" if report.not_tried() else ""))
    if report.baseline_uncollected:
        print(f"  {len(report.baseline_uncollected)} test module(s) did not collect in the correct tree, left out: "
              + ", ".join(report.baseline_uncollected))
    for reason, count in summary["rejected"].items():
        print(f"  rejected {count:5d}  {reason}: {REJECT_REASONS[reason]}")
    for label, count in sorted(report.labels.items()):
        print(f"  label    {count:5d}  {label}")
    print(f"tasks in {args.out / 'tasks'}; report in {args.out / REPORT_FILE}")
    return 0
