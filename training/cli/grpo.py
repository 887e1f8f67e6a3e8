"""``python -m training grpo --config FILE`` — GRPO with whole harness episodes as rollouts."""

from __future__ import annotations

import argparse

from training.cli.common import add_config_options, run_command


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m training grpo", description=(__doc__ or "").partition(" — ")[2])
    add_config_options(parser)
    from training.grpo.run import run_grpo

    return run_command(run_grpo, parser.parse_args(argv))
