"""``python -m training`` — one entry, a subcommand per concern; each lives in its own module."""

from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "sft": ("training.cli.sft", "supervised fine-tuning with DoRA on an exported dataset (--config FILE)"),
    "grpo": ("training.cli.grpo", "GRPO whose rollouts are whole harness episodes (--config FILE)"),
    "plot": ("training.cli.plot", "draw a run's curves from its metrics.jsonl (RUN)"),
    "tiny-model": ("training.cli.tiny_model", "write the tiny offline Qwen2-style model (--out DIR)"),
}


def usage() -> str:
    lines = ["usage: python -m training COMMAND [options]", "", "commands:"]
    lines += [f"  {name:<11} {help_}" for name, (_, help_) in COMMANDS.items()]
    lines += ["", "Run 'python -m training COMMAND --help' for a command's options."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        print(f"error: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    return int(module.main(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
