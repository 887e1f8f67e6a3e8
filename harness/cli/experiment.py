"""``python -m harness experiment FILE.yaml`` — the write-up's control experiment in one command: the
paired evaluation of every model the file lists (same tasks, runs and turn budget), then the side-by-side
comparison (``OUT/comparison.md``, ``comparison.json``) and its plots.

    python -m harness experiment harness/configs/experiments/control.yaml   # or just: control

Resumable as a whole: rerun the same command after an interruption; a finished experiment does no work.
Exit status: 0 complete; 2 a bad file, or a model's endpoint failed its preflight (every problem listed);
3 incomplete (a model's endpoint went away mid-way; rerun to finish).
"""

from __future__ import annotations

import argparse
import sys

from corpus.format import TaskFormatError
from harness.experiment import ExperimentError, load_experiment, run_experiment
from harness.policies import PolicyError

INCOMPLETE = 3


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m harness experiment",
                                description="Evaluate every model of an experiment file, then compare them.")
    p.add_argument("file", help="experiment YAML, or the name of one in harness/configs/experiments/")
    p.add_argument("--out", help="output folder (default: the file's out, else evals/NAME)")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    args = p.parse_args(argv)
    try:
        experiment = load_experiment(args.file, out=args.out)
        result = run_experiment(experiment, progress=not args.no_progress)
    except (ExperimentError, TaskFormatError, PolicyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{result.ran} episode(s) played in all; comparison: {result.comparison}")
    if not result.complete:
        print("incomplete: some models' endpoints failed (see above and the comparison); rerun the same "
              "command to finish.", file=sys.stderr)
        return INCOMPLETE
    return 0
