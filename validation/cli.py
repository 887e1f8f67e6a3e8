"""``python -m corpus validate`` — every task, in a fresh sandboxed workspace: buggy fails, correct
passes, the evidence holds. Exit status 0 only when every selected task passes."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from corpus.format import TASKS_DIR, task_dirs
from harness.sandbox.backends import BACKEND_NAMES, DEFAULT_BACKEND
from validation import (
    DEFAULT_MAX_SECONDS,
    TaskVerdict,
    ValidationReport,
    validate_all,
)
from validation.order import FILE_ORDER, RunOrder


def _select(root: Path, names: list[str] | None) -> tuple[list[Path], list[TaskVerdict]]:
    """Task folders to validate, and failed verdicts for names that match no folder."""
    if not names:
        return task_dirs(root), []
    found, missing = [], []
    for name in names:
        candidate = Path(name)
        if candidate.is_dir():
            found.append(candidate)
        elif (root / name).is_dir():
            found.append(root / name)
        else:
            verdict = TaskVerdict(name)
            verdict.reject(f"no task folder {name!r} under {root} (give a task name or a folder path)")
            missing.append(verdict)
    return found, missing


def _order(text: str) -> RunOrder:
    try:
        return RunOrder.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m corpus validate", description=__doc__)
    parser.add_argument("--task", action="append", metavar="NAME",
                        help="validate only this task (a name under --root, or a folder); repeatable")
    parser.add_argument("--root", type=Path, default=TASKS_DIR, help="the tasks folder (default: corpus/tasks)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON on stdout")
    parser.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1),
                        help="tasks validated in parallel (default: min(4, CPUs))")
    parser.add_argument("--sandbox", choices=BACKEND_NAMES, default=DEFAULT_BACKEND,
                        help=f"where the tests run (default: {DEFAULT_BACKEND}; 'local' isolates nothing, for development)")
    parser.add_argument("--max-seconds", type=float, default=DEFAULT_MAX_SECONDS,
                        help=f"longest the buggy or correct tests may take (default: {DEFAULT_MAX_SECONDS:g})")
    parser.add_argument("--repeat", type=int, default=1,
                        help="run buggy and correct this many times each, to catch flaky races (default: 1)")
    parser.add_argument("--order", type=_order, default=FILE_ORDER, metavar="file|reversed|shuffle[:SEED]",
                        help="the test order of the first run (default: file); each repeat takes the next of "
                             "file, reversed, then seeded shuffles; the evidence is checked in the file order "
                             "and in every order used")
    parser.add_argument("--no-fix-probes", action="store_true",
                        help="skip running the tests against plausible wrong fixes and equivalent rewrites")
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    parser.add_argument("--offline", action="store_true",
                        help="repository tasks: build environments from the wheelhouse alone (no index)")
    parser.add_argument("--record", action="store_true",
                        help="repository tasks: write each verdict (runs, failure kind, evidence) to the task's "
                             "validation.json")
    return parser


def _is_repository(folder: Path) -> bool:
    try:
        return "repo" in json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, AttributeError, TypeError):
        return False


def _validate_repositories(folders: list[Path], args) -> list[TaskVerdict]:
    """Repository tasks (real bugs): three runs each at least (validation.repository)."""
    from corpus.format import TaskFormatError, load_repository
    from validation.repository import DEFAULT_RUNS, validate_repository_task

    verdicts = []
    for folder in folders:
        verdict = TaskVerdict(folder.name)
        try:
            task = load_repository(folder)
        except TaskFormatError as exc:
            verdict.reject(str(exc))
            verdicts.append(verdict)
            continue
        say = None if args.no_progress else (lambda text: print(text, file=sys.stderr, flush=True))
        result = validate_repository_task(task, sandbox=args.sandbox, runs=max(DEFAULT_RUNS, args.repeat),
                                          offline=args.offline, say=say)
        for reason in result.reasons:
            verdict.reject(reason)
        if args.record:
            (folder / "validation.json").write_text(json.dumps(result.to_dict(), indent=1) + "\n")
        verdicts.append(verdict)
    return verdicts


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.workers < 1:
        print("error: --workers must be at least 1", file=sys.stderr)
        return 2
    folders, missing = _select(args.root, args.task)
    if not folders and not missing:
        print(f"error: no tasks under {args.root}; add task folders or pass --root", file=sys.stderr)
        return 2
    if args.repeat < 1:
        print("error: --repeat must be at least 1", file=sys.stderr)
        return 2
    repositories = [f for f in folders if _is_repository(f)]
    folders = [f for f in folders if f not in repositories]
    verdicts = validate_all(folders, sandbox=args.sandbox, workers=args.workers, max_seconds=args.max_seconds,
                            progress=not args.no_progress, repeat=args.repeat, order=args.order,
                            fix_probes=not args.no_fix_probes) if folders else []
    verdicts += _validate_repositories(repositories, args)
    report = ValidationReport(sorted(verdicts + missing, key=lambda v: v.task), sandbox=args.sandbox)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        for verdict in report.verdicts:
            status = "PASS" if verdict.ok else "FAIL"
            hang = verdict.hang
            note = ""
            if hang is not None:
                where = ", ".join(hang["stuck_at"]) or "no workspace frame in the dump"
                note = f" (hangs as declared: stopped after {hang['stopped_after_s']:g}s; stuck at {where})"
            print(f"{status} {verdict.task}{note}")
            for reason in verdict.reasons:
                print(f"     - {reason}")
        data = report.to_dict()
        print(f"{data['passed']}/{data['total']} tasks pass")
    return 0 if report.ok else 1
