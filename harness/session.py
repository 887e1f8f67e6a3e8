"""``DebugSession``: routes one tool call to the component that owns its state and returns an
``Observation``. It holds no debugging logic of its own, never raises and never hangs.

Runs inside sandboxes, so it (and everything it imports) needs only the standard library + pexpect.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from harness.debugger import DebuggerError, PdbController
from harness.debugger.controller import request_list
from harness.files import FileChange, FileInterface, FileToolError
from harness.observation import Observation, ToolCall
from harness.shell import Shell, refusal
from harness.tools import ARMS, BASE_TOOLS, DEBUGGER_TOOLS, argument_problem


class DebugSession:
    def __init__(self, workspace: Path | str, *, arm: str = "dbg", protected_files: Iterable[str] = (),
                 python: str | None = None, env: dict[str, str] | None = None, tool_timeout_s: float = 10.0,
                 command_timeout_s: float = 30.0):
        if arm not in ARMS:
            raise ValueError(f"unknown arm {arm!r}; use one of {', '.join(ARMS)}")
        self.workspace = Path(workspace).resolve()
        if not self.workspace.is_dir():
            raise ValueError(f"workspace {self.workspace} is not a folder; materialize the task first")
        self.arm = arm
        self.files = FileInterface(self.workspace, protected_files)
        self.debugger = PdbController(self.workspace, python=python or sys.executable, env=env,
                                      tool_timeout_s=tool_timeout_s)
        self.shell = Shell(self.workspace, env=env, timeout_s=command_timeout_s)
        self.closed = False
        self.shell_raw_bytes = 0

    # --- the interface other areas code against ------------------------------------------------
    @property
    def debugger_started(self) -> bool:
        return self.debugger.started

    @property
    def current_position(self) -> tuple[str, int] | None:
        return self.debugger.position

    def handle(self, call: ToolCall) -> Observation:
        return self.call(call.name, call.arguments)

    def call(self, name: str, arguments: dict | None = None) -> Observation:
        started = time.perf_counter()
        try:
            observation = self._route(name, arguments)
        except Exception as exc:  # the promise: a model's call never crashes the session
            observation = Observation.failure(
                f"Error: {name} failed inside the harness ({type(exc).__name__}: {exc}). "
                "Try the call again, or restart the debugger with start_debugger.")
        if observation.position is None:
            observation.position = self.debugger.position
        observation.duration_ms = (time.perf_counter() - started) * 1000.0
        return observation

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.debugger.close()
        self.shell.close()

    def __enter__(self) -> DebugSession:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self):  # a forgotten session must not leave pdb or bash behind
        try:
            self.close()
        except Exception:
            pass

    # --- routing ------------------------------------------------------------------------------
    def _route(self, name, arguments) -> Observation:
        if self.closed:
            return Observation.failure("Error: this session is closed; start a new episode.")
        if not isinstance(name, str) or not name:
            return Observation.failure("Error: a tool call needs a tool name, e.g. {\"name\": \"bash\", ...}.")
        arguments, problem = _as_arguments(arguments)
        if problem:
            return Observation.failure(problem)
        if name in DEBUGGER_TOOLS:
            if self.arm == "base":
                return Observation.failure(f"Error: {name} is not available in this episode: there is no "
                                           "debugger. Use bash (e.g. python -m pytest -x -q) and the file tools.")
        elif name not in BASE_TOOLS:
            offered = ", ".join(sorted(BASE_TOOLS | (DEBUGGER_TOOLS if self.arm == "dbg" else set())))
            return Observation.failure(f"Error: unknown tool {name[:60]!r}. Available tools: {offered}.")
        problem = argument_problem(name, arguments)
        if problem:
            return Observation.failure(problem)
        if name in DEBUGGER_TOOLS:
            return self._debugger_call(name, arguments)
        return getattr(self, f"_tool_{name}")(arguments)

    def _debugger_call(self, name: str, args: dict) -> Observation:
        debugger = self.debugger
        try:
            if name == "start_debugger":
                return debugger.start(args["file"])
            if not debugger.started:
                return Observation.failure(f"Error: Tool '{name}' requires start_debugger to be called first. "
                                           f"Call start_debugger(file=...) first, then you can use {name}.")
            if name in ("continue_execution", "step_over", "step_into", "step_out"):
                return debugger.run(name)
            if name == "add_breakpoint":
                return debugger.add_breakpoints(
                    request_list(args.get("file"), args.get("line"), args.get("breakpoints"), tool=name))
            if name == "remove_breakpoint":
                return debugger.remove_breakpoints(
                    request_list(args.get("file"), args.get("line"), args.get("breakpoints"), tool=name))
            if name == "print_variable":
                return debugger.print_variable(args["name"])
            if name == "run_expression":
                return debugger.run_expression(args["expression"])
            if name == "examine_locals":
                return debugger.examine_locals()
            if name == "examine_globals":
                return debugger.examine_globals()
            if name == "list_code":
                return debugger.list_code(args.get("line"))
            if name == "where_am_i":
                return debugger.where_am_i()
            return debugger.select_frame(args["index"])
        except DebuggerError as exc:
            observation = Observation.failure(str(exc))
            observation.position = debugger.position
            return observation

    def _tool_bash(self, args: dict) -> Observation:
        command = args["command"]
        if not command.strip():
            return Observation.failure("Error: the command is empty; give a shell command, e.g. ls.")
        refused = refusal(command)
        if refused:
            return Observation.failure(refused)
        result = self.shell.run(command)
        self.shell_raw_bytes += result.raw_bytes
        text = result.output
        if result.exit_code not in (0, None):
            text = f"{text}\n[exit code {result.exit_code}]".lstrip("\n")
        if result.restarted and not result.timed_out and "new shell" not in text:
            text = f"[the previous shell had exited; this ran in a new shell]\n{text}"
        return Observation(text=text or "(no output)", position=self.debugger.position, error=result.timed_out)

    def _tool_edit_file(self, args: dict) -> Observation:
        return self._file_change(lambda: self.files.edit(args["file_path"], args["old_string"], args["new_string"]))

    def _tool_write_file(self, args: dict) -> Observation:
        return self._file_change(lambda: self.files.write(args["file_path"], args["content"]))

    def _file_change(self, change) -> Observation:
        try:
            result: FileChange = change()
        except FileToolError as exc:
            return Observation.failure(str(exc))
        note = self.debugger.file_changed(result.file, result.old_text, result.new_text) if self.arm == "dbg" else ""
        text = f"{result.message}\n{note}".strip()
        return Observation(text=text, position=self.debugger.position)

    def _tool_done(self, args: dict) -> Observation:
        return Observation(text="Episode finished.", done=True, position=self.debugger.position)


def _as_arguments(arguments) -> tuple[dict, str | None]:
    """Arguments as a dict; models sometimes send a JSON string instead of an object."""
    if arguments is None:
        return {}, None
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError as exc:
            return {}, f"Error: the arguments are not valid JSON ({exc.msg} at column {exc.colno}); send an object."
    if not isinstance(arguments, dict):
        return {}, f"Error: arguments must be a JSON object of named fields, not {type(arguments).__name__}."
    return dict(arguments), None
