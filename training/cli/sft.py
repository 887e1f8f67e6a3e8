"""``python -m training sft --config FILE`` — SFT with DoRA; prints the run folder and a summary."""

from __future__ import annotations

import argparse

from training.cli.common import add_config_options, run_command


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m training sft", description=(__doc__ or "").partition(" — ")[2])
    add_config_options(parser)
    from training.sft.run import run_sft

    return run_command(run_sft, parser.parse_args(argv))
