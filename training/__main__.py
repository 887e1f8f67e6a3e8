"""``python -m training`` — SFT, GRPO and their tools, a module per subcommand."""

from __future__ import annotations

import sys

from corpus.cli.dispatch import Command, dispatch

COMMANDS = {
    "rollouts": Command("training.cli.rollouts", "best-of-N synthetic rollouts from a teacher, kept by pdb_policy_v1"),
    "microskills": Command("training.cli.microskills", "short exercises of single debugger habits, kept by their evaluators"),
    "export-sft": Command("training.cli.export_sft", "kept rollouts and microskills as the SFT dataset folder"),
    "sft": Command("training.cli.sft", "supervised fine-tuning with DoRA on an exported dataset (--config FILE)"),
    "grpo": Command("training.cli.grpo", "GRPO whose rollouts are whole harness episodes (--config FILE)"),
    "plot": Command("training.cli.plot", "draw a run's curves from its metrics.jsonl (RUN)"),
    "tiny-model": Command("training.cli.tiny_model", "write the tiny offline Qwen2-style model (--out DIR)"),
}


def main(argv: list[str] | None = None) -> int:
    return dispatch("python -m training", COMMANDS, argv)


if __name__ == "__main__":
    sys.exit(main())
