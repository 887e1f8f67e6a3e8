"""``python -m training plot RUN [--out FILE]`` — draw a run's curves (RUN/curves.png by default)."""

from __future__ import annotations

import argparse
import sys

from training.errors import TrainingError
from training.plot import plot_run


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m training plot",
                                     description="Draw a training run's curves from its metrics.jsonl.")
    parser.add_argument("run", help="the run folder")
    parser.add_argument("--out", help="the image to write (default: RUN/curves.png)")
    args = parser.parse_args(argv)
    try:
        print(plot_run(args.run, args.out))
    except TrainingError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
