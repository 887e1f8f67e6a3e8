"""``DebugSession``: routes one tool call, through the ``Toolbox`` (harness/tools), to the component
that owns its state and returns an ``Observation``. It holds no debugging logic of its own, never
raises and never hangs.

Runs inside sandboxes, so it (and everything it imports) needs only the standard library + pexpect.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from pathlib import Path

from harness.arms import DBG, check_arm
from harness.debugger import PdbController
from harness.files import FileInterface
from harness.records.groups import SHELL_TOOLS
from harness.records.observation import Observation, ToolCall
from harness.shell import Shell
from harness.test_guard import TestGuard
from harness.tools import EDIT_TOOLS, EditEvents, Toolbox


class DebugSession:
    """The tools of one workspace for one arm: ``call(name, arguments)`` answers an ``Observation``.

    ``dbg`` adds the debugger to the shell and file tools of ``base``; protected files (the task's tests)
    cannot be edited, and bash's changes to them are undone. ``close()`` ends the program and the shell.
    """

    def __init__(self, workspace: Path | str, *, arm: str = "dbg", protected_files: Iterable[str] = (),
                 python: str | None = None, env: dict[str, str] | None = None, tool_timeout_s: float = 10.0,
                 command_timeout_s: float = 30.0, prepare_debugger: bool = True):
        """``prepare_debugger``: start the debugger's warm interpreter now (dbg arm), not with the first
        start_debugger."""
        check_arm(arm)
        self.workspace = Path(workspace).resolve()
        if not self.workspace.is_dir():
            raise ValueError(f"workspace {self.workspace} is not a folder; materialize the task first")
        self.arm = arm
        protected_files = list(protected_files)
        self.files = FileInterface(self.workspace, protected_files)
        self.test_guard = TestGuard(self.workspace, protected_files)  # bash's changes to tests are undone
        self.debugger = PdbController(self.workspace, python=python or sys.executable, env=env,
                                      tool_timeout_s=tool_timeout_s)
        self.shell = Shell(self.workspace, env=env, timeout_s=command_timeout_s)
        self.closed = False
        self._shell_ran = False  # a bash command ran since the last debugger call
        self.toolbox = Toolbox(arm)
        self.edits = EditEvents()  # edit_file / write_file announce each change here
        if arm == DBG:
            self.edits.subscribe(self.debugger.on_edit)  # breakpoints follow, the program restarts
            if prepare_debugger:
                self.debugger.prepare()  # the warm interpreter imports while the model reads its task

    # --- the interface other areas code against ------------------------------------------------
    def handle(self, call: ToolCall) -> Observation:
        return self.call(call.name, call.arguments)

    def call(self, name: str, arguments: dict | None = None) -> Observation:
        started = time.perf_counter()
        try:
            outside = self._outside_edits(name)
            observation = self._route(name, arguments)
            if outside:
                observation.text = _with_note(observation.text, outside)
        except Exception as exc:  # the promise: a model's call never crashes the session
            observation = Observation.failure(
                f"Error: {name} failed inside the harness ({type(exc).__name__}: {exc}). "
                "Try the call again, or restart the debugger with start_debugger.")
        if observation.position is None:
            observation.position = self.debugger.position
        if observation.debugger is None and name in EDIT_TOOLS and self.debugger.target is not None:
            # An edit moves breakpoints and restarts the program: say where the debugger is now.
            observation.debugger = self.debugger.record()
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

    def _outside_edits(self, name) -> str:
        """Files a shell command changed are seen by the next debugger call (as an edit tool's are)."""
        if name in SHELL_TOOLS:
            self._shell_ran = True
            return ""
        tool = self.toolbox.registry.get(name)
        if not self._shell_ran or tool is None or not tool.debugger or self.arm != DBG:
            return ""
        self._shell_ran = False
        return self.debugger.outside_edits()

    # --- routing ------------------------------------------------------------------------------
    def _route(self, name, arguments) -> Observation:
        if self.closed:
            return Observation.failure("Error: this session is closed; start a new episode.")
        return self.toolbox.call(self, name, arguments)


def _with_note(text: str, note: str) -> str:
    """``note`` first in an answer, inside its position envelope when it has one."""
    head, newline, rest = text.partition("\n")
    if head.startswith("<execution_position") and newline:
        return f"{head}\n{note}\n{rest}"
    return f"{note}\n{text}"
