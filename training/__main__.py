"""``python -m training`` — rollouts, export, SFT and GRPO (built in later issues)."""

from __future__ import annotations

import sys

USAGE = """usage: python -m training COMMAND [options]

Training turns verified, behaviourally filtered trajectories into SFT data and trains models on it
(SFT with DoRA, then GRPO through the harness). No commands are available yet in this version."""


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    print(USAGE)
    return 0 if not argv or argv[0] in ("-h", "--help", "help") else 2


if __name__ == "__main__":
    sys.exit(main())
