"""``python -m harness shell --workspace DIR [--arm dbg] [--sandbox bwrap]``: drive a session by hand.

Reads one tool call per line as JSON, ``{"name": "step_over", "arguments": {}}``, and prints each
observation. A bare tool name (``where_am_i``) is accepted as a call without arguments.

The session is an episode's: the same sandbox (bwrap by default, or $STEPWISE_SANDBOX; docker;
``local`` isolates nothing), so bash runs the sandbox's interpreter and pip, and the workspace gets the
pytest configuration an episode writes (a ``test.py`` layout is collected). ``--sandbox none`` runs the
tools in this process, as a harness developer may want (``--python`` picks the program's interpreter).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from harness.arms import ARMS
from harness.pytest_files import find_test_files, write_pytest_config
from harness.records.groups import tool_names
from harness.records.observation import ToolCall
from harness.sandbox.backends import BACKEND_NAMES, get_backend
from harness.sandbox.backends.base import Limits, SandboxError, SandboxSpec
from harness.session import DebugSession

EXAMPLE = '{"name": "start_debugger", "arguments": {"file": "test_module.py"}}'


def parse_line(line: str) -> tuple[str, dict] | str:
    """(name, arguments) from one input line, or an error message saying how to write it."""
    text = line.strip()
    if not text.startswith("{"):
        return (text, {}) if text.replace("_", "").isalnum() else f"error: write a JSON tool call, e.g. {EXAMPLE}"
    try:
        call = json.loads(text)
    except json.JSONDecodeError as exc:
        return f"error: not valid JSON ({exc.msg} at column {exc.colno}); e.g. {EXAMPLE}"
    if not isinstance(call, dict) or not isinstance(call.get("name"), str):
        return f'error: the call needs a "name", e.g. {EXAMPLE}'
    return call["name"], call.get("arguments") or {}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m harness shell", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workspace", required=True, type=Path, help="folder with the task's files")
    parser.add_argument("--arm", choices=ARMS, default="dbg", help="toolset: base (no debugger) or dbg")
    parser.add_argument("--protect", action="append", default=[], metavar="FILE",
                        help="a file the tools must not change (repeatable); default: the files that hold tests and "
                             "every conftest.py (bash's changes to them are undone after each command)")
    parser.add_argument("--sandbox", choices=(*BACKEND_NAMES, "none"), default=None,
                        help="where the tools run, as in an episode (default: $STEPWISE_SANDBOX or bwrap); none: in "
                             "this process")
    parser.add_argument("--python", default=None, help="interpreter for the debugged program (--sandbox none only)")
    parser.add_argument("--tool-timeout", type=float, default=10.0, help="seconds per debugger call")
    parser.add_argument("--command-timeout", type=float, default=30.0, help="seconds per bash command")
    args = parser.parse_args(argv)
    if not args.workspace.is_dir():
        print(f"error: --workspace {args.workspace} is not a folder", file=sys.stderr)
        return 2
    # The files that hold tests (test.py, tests/, TestCase classes too) and every conftest.py.
    protected = args.protect or sorted({*find_test_files(args.workspace),
                                        *(p.relative_to(args.workspace).as_posix()
                                          for p in args.workspace.rglob("conftest.py"))})
    if args.python and args.sandbox != "none":
        print("error: --python picks the interpreter of --sandbox none; a sandbox runs its own", file=sys.stderr)
        return 2
    write_pytest_config(args.workspace, find_test_files(args.workspace))  # as an episode's workspace has it
    if args.sandbox == "none":
        with DebugSession(args.workspace, arm=args.arm, protected_files=protected, python=args.python,
                          tool_timeout_s=args.tool_timeout, command_timeout_s=args.command_timeout) as session:
            loop(session.call, args.arm)
        return 0
    try:
        backend = get_backend(args.sandbox)
        sandbox = backend.start(SandboxSpec(workspace=args.workspace.resolve(), arm=args.arm,
                                            protected_files=protected,
                                            limits=Limits(tool_timeout_s=max(args.tool_timeout, args.command_timeout))))
    except SandboxError as exc:
        print(f"error: the sandbox did not start: {exc}", file=sys.stderr)
        return 2
    try:
        loop(lambda name, arguments: sandbox.call(ToolCall(name, arguments)), args.arm)
    finally:
        sandbox.close()
        backend.close()
    return 0


def loop(call, arm: str) -> None:
    """Read calls until end of input or ``done``; print each observation."""
    interactive = sys.stdin.isatty()
    if interactive:
        print(f"tools ({arm}): {', '.join(sorted(tool_names(arm)))}\n"
              f"one call per line, e.g. {EXAMPLE}; Ctrl-D or done to finish")
    while True:
        if interactive:
            print("tool> ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            break
        if not line.strip():
            continue
        parsed = parse_line(line)
        if isinstance(parsed, str):
            print(parsed, flush=True)
            continue
        observation = call(*parsed)
        print(observation.text, flush=True)
        if observation.done:
            break
