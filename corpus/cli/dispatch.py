"""The one dispatcher behind ``python -m corpus``, ``python -m harness`` and ``python -m training``:
a table of subcommands, each a module (named, imported only when run) with ``main(argv) -> int``.

It sits in the lowest layer so every package can use it; commands are named by module path and
imported only when run, so ``--help`` stays fast. Every command module lives in the package that
lists it (``corpus validate`` reaches up to ``validation.cli`` through ``corpus.cli.validate``, an
import the layers contract declares).
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
    try:
        return int(module.main(rest) or 0)
    except KeyboardInterrupt:
        # Each command keeps what it finished (results are written as they complete); no traceback.
        print(f"\ninterrupted: {program} {name} stopped by Ctrl-C; what it had finished is kept (eval, rollouts, "
              "sft and grpo resume when run again with the same --out)", file=sys.stderr)
        return INTERRUPTED
    except OSError as exc:
        # The last resort for a path a command did not check itself: name it, never a traceback.
        print(f"error: {describe_os_error(exc)}", file=sys.stderr)
        return 2


INTERRUPTED = 130  # the shell's status for a command stopped by SIGINT


def describe_os_error(exc: OSError) -> str:
    """``PATH: what is wrong; what to do`` for a file-system error (other OS errors: just what is wrong)."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    if exc.filename is None:
        return reason
    path = exc.filename
    if isinstance(exc, FileExistsError | NotADirectoryError):
        hint = "a file stands where a folder is needed; give another path"
    elif isinstance(exc, IsADirectoryError):
        hint = "a folder stands where a file is needed; give a file path"
    elif isinstance(exc, PermissionError):
        hint = "check its permissions, or give a path you can write"
    elif isinstance(exc, FileNotFoundError):
        hint = "check the path (its folder must exist)"
    else:
        hint = "check the path and the disk"
    return f"{path}: {reason}; {hint}"
