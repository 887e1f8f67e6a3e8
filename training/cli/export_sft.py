"""``python -m training export-sft`` — kept rollouts, microskills and demonstrations as the SFT dataset folder."""

from __future__ import annotations

import argparse
import json
import sys

from training.errors import TrainingError


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m training export-sft",
        description="Write the SFT dataset folder (train/validation JSON Lines, a saved DatasetDict, "
                    "manifest.json, README.md) from rollout, microskill and demonstration folders. Split by task; heldout "
                    "tasks are refused.")
    parser.add_argument("--from", dest="sources", nargs="+", required=True, metavar="DIR",
                        help="folders written by 'rollouts', 'microskills' or the web app's 'export_demonstrations'")
    parser.add_argument("--out", required=True, help="the dataset folder (an earlier export there is replaced)")
    parser.add_argument("--microskill-ratio", type=float, default=None, metavar="R",
                        help="at most R microskill rows per rollout row in each split (default: all of them)")
    parser.add_argument("--validation-fraction", type=float, default=None, metavar="F",
                        help="also put this share of the train tasks (by a stable hash) in validation (default: "
                             "automatic: the corpus's splits, balanced so that human and synthetic examples are on "
                             "both sides; never an empty split when the data has two examples)")
    parser.add_argument("--seed", type=int, default=0, help="which microskill rows a ratio keeps")
    args = parser.parse_args(argv)
    from training.export import ExportConfig, export_sft

    try:
        result = export_sft(ExportConfig(sources=args.sources, out=args.out, microskill_ratio=args.microskill_ratio,
                                         validation_fraction=args.validation_fraction, seed=args.seed))
    except (TrainingError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not result.rows.get("validation"):
        print("warning: the validation split is empty (no validation-split task among the examples); give "
              "--validation-fraction or rollouts of --split validation", file=sys.stderr)
    print(json.dumps({"out": str(result.out), "rows": result.rows, "tasks": {k: len(v) for k, v in
                                                                           result.manifest["tasks"].items()}}))
    return 0
