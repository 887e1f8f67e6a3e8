"""``python -m training rollouts`` — best-of-N synthetic rollouts from a teacher, filtered by pdb_policy_v1."""

from __future__ import annotations

import argparse
import json
import sys

from harness.sandbox.backends import DEFAULT_BACKEND
from training.cli.common import names_list
from training.errors import TrainingError


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m training rollouts",
        description="Per task, up to --best-of candidate episodes from the teacher(s), each scored with "
                    "pdb_policy_v1; the best passing one is kept in OUT/accepted/. Rerunning with the same "
                    "--out skips finished tasks.")
    parser.add_argument("--teacher", action="append", required=True, metavar="SPEC",
                        help="a policy spec (openai:MODEL, hf:PATH, script:FILE, replay:FILE); repeat it to let "
                             "teachers take turns: attempt k is played by teacher (k-1) mod T")
    parser.add_argument("--split", help="train (the default without --tasks) or validation; heldout is refused")
    parser.add_argument("--tasks", type=names_list, default=[], help="comma-separated task names (of that split)")
    parser.add_argument("--best-of", type=int, default=4, help="candidates per task at most (default 4)")
    parser.add_argument("--workers", type=int, default=2, help="tasks played at once (default 2)")
    parser.add_argument("--out", required=True, help="the output folder (resumable)")
    parser.add_argument("--arm", default="dbg", help="dbg (default) or base")
    parser.add_argument("--max-turns", type=int, default=50)
    parser.add_argument("--sandbox", default=DEFAULT_BACKEND, help="bwrap (default), docker or local")
    parser.add_argument("--policy-config", help="pdb_policy config: a version name or a JSON file (default v1)")
    parser.add_argument("--no-guidance", action="store_true",
                        help="give the teacher no generation-only guidance (preference, evidence, hint)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON instead of a table")
    args = parser.parse_args(argv)
    from training.rollouts import RolloutConfig, run_rollouts

    split = args.split or (None if args.tasks else "train")
    try:
        result = run_rollouts(RolloutConfig(
            teachers=args.teacher, out=args.out, split=split, tasks=args.tasks, best_of=args.best_of,
            workers=args.workers, arm=args.arm, max_turns=args.max_turns, guidance=not args.no_guidance,
            sandbox=args.sandbox, policy_config=args.policy_config, progress_bar=not args.no_progress))
    except (TrainingError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.summary.to_json()))
    else:
        print(result.summary.markdown() + f"\nkept examples: {result.out / 'accepted'}")
    return 1 if result.summary.failed else 0
