"""``python -m harness`` — one entry, a subcommand per concern; each lives in its own module."""

from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "shell": ("harness.cli.shell", "drive a DebugSession by hand: one JSON tool call per line"),
    "run": ("harness.cli.run", "run one episode of a task with a policy and write its trajectory"),
    "eval": ("harness.cli.evaluate", "paired with/without-debugger evaluation over a split"),
    "compare": ("harness.cli.compare", "put several evaluation reports side by side"),
    "score": ("harness.cli.score", "score recorded trajectories (pdb_policy, edit relevance) as JSON"),
}


def usage() -> str:
    lines = ["usage: python -m harness COMMAND [options]", "", "commands:"]
    lines += [f"  {name:<9} {help_}" for name, (_, help_) in COMMANDS.items()]
    lines += ["", "Run 'python -m harness COMMAND --help' for a command's options."]
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
