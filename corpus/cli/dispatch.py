"""The one dispatcher behind ``python -m corpus``, ``python -m harness`` and ``python -m training``:
a table of subcommands, each a module (named, imported only when run) with ``main(argv) -> int``.

It sits in the lowest layer so every package can use it; commands are named by module path, so a
command may live in a higher layer (``corpus validate`` is ``validation.cli``) without the package
that lists it importing that layer.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    module: str  # holds main(argv: list[str]) -> int
    help: str


def usage(program: str, commands: dict[str, Command], blurb: str = "") -> str:
    width = max((len(name) for name in commands), default=0) + 2
    lines = [f"usage: {program} COMMAND [options]", ""]
    if blurb:
        lines += [blurb, ""]
    if commands:
        lines += ["commands:", *[f"  {name:<{width}} {command.help}" for name, command in commands.items()], "",
                  f"Run '{program} COMMAND --help' for a command's options."]
    else:
        lines.append("No commands are available yet in this version.")
    return "\n".join(lines)


def dispatch(program: str, commands: dict[str, Command], argv: list[str] | None = None, *, blurb: str = "") -> int:
    """Run the subcommand named by ``argv[0]``; help, or an unknown name, prints the usage."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage(program, commands, blurb))
        return 0
    name, rest = argv[0], argv[1:]
    if name not in commands:
        print(f"error: unknown command {name!r}\n\n{usage(program, commands, blurb)}", file=sys.stderr)
        return 2
    module = importlib.import_module(commands[name].module)
    return int(module.main(rest) or 0)
