"""``python -m harness eval`` — the paired with/without-debugger evaluation of one policy.

    python -m harness eval --policy openai:MODEL --split heldout --arms base,dbg --runs 3 \\
        --max-turns 50 --workers 4 --out evals/MODEL

Resumable: rerunning with the same --out skips finished episodes. Writes OUT/trajectories/ (each
document with its ``quality`` record from harness.scoring), OUT/report.json, OUT/report.md and the
PNG plots.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from corpus.format import TASKS_DIR, TaskFormatError, load_tasks
from harness.arms import ARMS
from harness.eval.runner import EvalConfig, run_eval
from harness.policies import PolicyError


def tasks_for(split: str | None, names: str | None, tasks_dir: str) -> list:
    """The tasks named by --tasks, else those of --split (corpus/splits.json)."""
    if names:
        return load_tasks(tasks_dir, [n.strip() for n in names.split(",") if n.strip()])
    try:
        from corpus.splits import tasks_in_split
    except ImportError:
        raise TaskFormatError(split or "?", "split", "corpus.splits is not available; pass --tasks a,b,c") from None
    members = list(tasks_in_split(split))
    if not members:
        raise TaskFormatError(split, "split", "no task is in this split (see corpus/splits.json)")
    if all(isinstance(m, str) for m in members):
        return load_tasks(tasks_dir, members)
    return members


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m harness eval", description="The paired with/without-debugger evaluation of one policy (resumable).")
    p.add_argument("--policy", required=True, help="policy spec, e.g. openai:MODEL, hf:PATH, script:FILE")
    p.add_argument("--split", default="heldout", help="split of corpus/splits.json (default heldout)")
    p.add_argument("--tasks", help="comma-separated task names instead of a split")
    p.add_argument("--tasks-dir", default=str(TASKS_DIR), help="where tasks are looked up")
    p.add_argument("--arms", default="base,dbg", help="arms to run (default base,dbg)")
    p.add_argument("--runs", type=int, default=3, help="attempts per task and arm (default 3)")
    p.add_argument("--max-turns", type=int, default=50, help="turn budget per episode (default 50)")
    p.add_argument("--workers", type=int, default=2, help="episodes in parallel (default 2)")
    p.add_argument("--sandbox", choices=("bwrap", "docker", "local"), default="bwrap")
    p.add_argument("--model-label", help="the model's name in reports (default: the policy spec)")
    p.add_argument("--policy-config", help="pdb_policy config for the quality records: a released version "
                                           "(default pdb_policy_v1) or a JSON file")
    p.add_argument("--out", required=True, help="output folder (reused to resume)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    arms = [a.strip() for a in args.arms.split(",") if a.strip()]
    bad = [a for a in arms if a not in ARMS]
    if bad or not arms:
        print(f"error: --arms takes base and/or dbg, got {args.arms!r}", file=sys.stderr)
        return 2
    if args.runs < 1 or args.workers < 1 or args.max_turns < 1:
        print("error: --runs, --workers and --max-turns must be at least 1", file=sys.stderr)
        return 2
    try:
        tasks = tasks_for(None if args.tasks else args.split, args.tasks, args.tasks_dir)
        result = run_eval(EvalConfig(
            policy=args.policy, tasks=tasks, out=Path(args.out), arms=arms, runs=args.runs,
            max_turns=args.max_turns, workers=args.workers, sandbox=args.sandbox,
            split=None if args.tasks else args.split, model=args.model_label, progress=not args.no_progress,
            policy_config=args.policy_config))
    except (TaskFormatError, PolicyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    overall = result.report["overall"]
    lift = overall["lift"]["delta"]
    print(f"{result.ran} episode(s) run, {result.skipped} already done; "
          f"pass@1 base {overall['arms']['base']['pass_at_1']}, dbg {overall['arms']['dbg']['pass_at_1']}, "
          f"Δ {lift}; report: {result.report_paths[1]}")
    return 0
