"""``python -m corpus`` — tools for the bug-task corpus, a module per subcommand."""

from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "validate": ("validation.cli", "check every task: buggy fails, correct passes, evidence holds"),
    "split": ("corpus.cli.split", "assign new tasks to train/validation/heldout (old ones never move)"),
    "stats": ("corpus.cli.stats", "corpus shape: per-task table, medians, plots"),
    "import-seed-format": ("corpus.cli.import_seed", "convert a single-folder seed bundle into tasks"),
}


def usage() -> str:
    lines = ["usage: python -m corpus COMMAND [options]", "", "commands:"]
    lines += [f"  {name:<19} {help_}" for name, (_, help_) in COMMANDS.items()]
    lines += ["", "Run 'python -m corpus COMMAND --help' for a command's options."]
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
