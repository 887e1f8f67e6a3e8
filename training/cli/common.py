"""What the training commands share: the config options and how errors are reported."""

from __future__ import annotations

import argparse
import json
import sys

from training.errors import TrainingError


def add_config_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", required=True,
                        help="a YAML file, or the name of one in training/configs (e.g. tiny-cpu)")
    parser.add_argument("--out", help="the run folder (default: RUNS_DIR/NAME-KIND-TIME); an unfinished run "
                                      "there is resumed from its last checkpoint")
    parser.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                        help="override a config key, e.g. --set sft.max_steps=2 (repeatable)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def run_command(command, args) -> int:
    """Load the config for ``command``, run ``command(loaded)``, print its JSON summary; clear errors."""
    from training.config.load import load_config

    try:
        loaded = load_config(args.config, command=command.__name__.removeprefix("run_"), overrides=args.overrides)
        result = command(loaded, out=args.out, progress_bar=not args.no_progress)
    except TrainingError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps({"run": str(result.run), "merged": str(result.merged) if result.merged else None,
                      "summary": result.summary}, default=str))
    return 0


def names_list(text: str) -> list[str]:
    """``a,b , c`` -> ["a", "b", "c"] (an argparse type)."""
    return [name.strip() for name in text.split(",") if name.strip()]
