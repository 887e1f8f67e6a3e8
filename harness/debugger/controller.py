"""The pdb controller: model-facing debugger tools mapped onto one real pdb, with state that persists.

Breakpoints, the target file and the cursor live here, so they survive the restarts the controller
does on its own (program ran to its end, a file was edited, the program was stuck in native code).
"""

from __future__ import annotations

import json
from pathlib import Path

import pexpect

from harness.debugger import prestarted, render, terminal_text
from harness.debugger.breakpoint_commands import BreakpointCommands
from harness.debugger.breakpoints import Breakpoint
from harness.debugger.errors import DebuggerError
from harness.debugger.filtering import Cut, envelope
from harness.debugger.fork_server import ForkServer, ForkServerError
from harness.debugger.inspection_commands import InspectionCommands
from harness.debugger.process import (
    DebuggedProgram,
    Exchange,
    interpreter_path,
    program_environment,
    time_budget,
)
from harness.debugger.run_commands import RunCommands
from harness.debugger.run_outcomes import collected_nothing, collection_error, killed_by
from harness.debugger.test_selection import TestSelectionError, check_test, node_suffix, split_node_id
from harness.files import path_problem
from harness.pytest_files import find_test_files, runs_under_pytest
from harness.records.debugger import DebuggerRecord, Frame, Stop
from harness.records.observation import Observation


class PdbController(InspectionCommands, BreakpointCommands, RunCommands):  # the real _with_argument first
    def __init__(self, workspace: Path | str, *, python: str, env: dict[str, str] | None = None,
                 tool_timeout_s: float = 10.0, start_timeout_s: float = 60.0, warm: bool = True):
        """``warm``: fork each run from a pre-imported interpreter (see fork_server) instead of
        starting a fresh one; falls back to a fresh one when the warm interpreter is unavailable."""
        self.workspace = str(Path(workspace).resolve())
        self.python = interpreter_path(python)
        self.env = dict(env or {})
        self.tool_timeout_s = tool_timeout_s
        self.start_timeout_s = max(start_timeout_s, tool_timeout_s)
        self.program: DebuggedProgram | None = None
        self.target: str | None = None  # the file start_debugger was given, as shown
        self.mode = "script"  # how the target runs: "pytest" (it holds tests) or "script"
        self.test: str | None = None  # the one test start_debugger selected (a node-id suffix)
        self.stdin: str | None = None  # the program's standard input, as start_debugger was given it
        self.watches: list[str] = []  # expressions shown at every stop
        self.task: str | None = None  # the asyncio task of the last stop
        self.tests_run: list[tuple[str, str]] = []  # (node id, outcome) of the tests of the current run
        self.breakpoints: list[Breakpoint] = []
        self.position: tuple[str, int] | None = None
        self.cuts: list[Cut] = []  # cuts in the text shown since the last answer, counted into its one mark
        self.frames: list[Frame] = []  # the last stop's frames (workspace ones and the selected), innermost first
        self.selected: int | None = None  # which of them is selected
        self.raw_bytes_closed = 0
        self.hits_since_start = 0  # breakpoint stops since the program last (re)started
        self.post_mortem = False  # paused post-mortem after an uncaught exception
        self.warm = warm
        self.server: ForkServer | None = None  # the warm interpreter: started by prepare() or the first run

    @property
    def _waited(self) -> str:
        """How long a call waits for the program before interrupting it (the rest of its time limit goes
        to the interrupt and the thread dump), as the answer says it."""
        return f"{round(time_budget(self.tool_timeout_s)[0], 1):g}"

    # --- state --------------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.program is not None

    @property
    def _running(self) -> DebuggedProgram:
        """The program; the tools check ``started`` before anything that talks to it."""
        if self.program is None:
            raise DebuggerError("Error: the debugger is not running; call start_debugger first.")
        return self.program

    @property
    def raw_bytes(self) -> int:
        return self.raw_bytes_closed + (self.program.raw_bytes if self.program else 0)

    def close(self) -> None:
        """End the program and the warm interpreter; nothing this debugger started survives."""
        self.end_program()
        if self.server is not None:
            self.server.close()
            self.server = None

    def end_program(self) -> None:
        if self.program is not None:
            self.raw_bytes_closed += self.program.raw_bytes
            self.program.close()
            self.program = None
        self.position = None
        self.frames, self.selected = [], None

    def prepare(self) -> None:
        """Start the warm interpreter now, in the background (its imports run while the model thinks),
        so the first start_debugger forks instead of paying for them; a start before it is ready waits
        for it (``ForkServer.spawn``) rather than starting a cold run beside it."""
        self._warm_server()

    def _warm_server(self) -> ForkServer | None:
        if not self.warm:
            if self.server is not None:  # warm was switched off after the server was started
                self.server.close()
                self.server = None
            return None
        if self.server is not None and not self.server.alive:
            self.server.close()
            self.server = None
        if self.server is None:
            env = program_environment(self.workspace, self.env)
            self.server = prestarted.take(python=self.python, workspace=self.workspace, env=env)
            if self.server is None:
                try:
                    self.server = ForkServer(python=self.python, workspace=self.workspace, env=env)
                except ForkServerError:
                    self.warm = False  # this interpreter cannot serve; every run starts fresh
                    return None
        return self.server

    def resolve(self, file: str) -> tuple[Path, str]:
        """A source path the model gave → (absolute path, name as shown). Library files outside the
        workspace may be given by absolute path (to break inside a dependency)."""
        if not isinstance(file, str) or not file.strip():
            raise DebuggerError("Error: give a file path relative to the workspace, e.g. 'test_module.py'.")
        problem = path_problem(file.strip(), "file")
        if problem:
            raise DebuggerError(problem)
        candidate = Path(file.strip())
        path = candidate if candidate.is_absolute() else Path(self.workspace) / candidate
        path = path.resolve()
        if not path.is_file():
            names = sorted(p.name for p in Path(self.workspace).glob("*.py"))[:12]
            raise DebuggerError(f"Error: no file {file} in the workspace. Use a path relative to the workspace "
                                f"root; its Python files include: {', '.join(names) or '(none)'}.")
        if path.suffix != ".py":
            raise DebuggerError(f"Error: {file} is not a Python source file; pick a .py file.")
        return path, terminal_text.shown_path(str(path), self.workspace)

    # --- starting -----------------------------------------------------------------------------
    def start(self, file: str, test: str | None = None, stdin: str | None = None) -> Observation:
        """``stdin``: what the program reads from its standard input (kept for restarts); else it reads
        nothing (EOF)."""
        self.stdin = stdin
        try:
            file, test = split_node_id(file, test)
        except TestSelectionError as exc:
            return Observation.failure(str(exc))
        path, shown = self.resolve(file)
        mode = "pytest" if runs_under_pytest(self.workspace, shown) else "script"
        if test is not None:
            if mode != "pytest":
                return Observation.failure(f"Error: {shown} holds no tests, so there is no test {test} to start at. "
                                           f"Start on a test file: {', '.join(self._test_files()[:5]) or '(none)'}.")
            try:
                check_test(path, shown, test)
            except TestSelectionError as exc:
                return Observation.failure(str(exc))
            test = node_suffix(path, test)
        restarting = self.started
        self.target, self.mode, self.test = shown, mode, test
        text, failed = self._launch(path)
        if failed:
            return Observation.failure(text)
        if self._running.mode == "pytest" and self.position and self.position[0].startswith("/"):
            # pytest --pdb stopped inside pytest itself: the test module could not be collected.
            error = collection_error(self._running.history, self.workspace) or text
            self.end_program()
            return Observation.failure(f"Error: pytest could not collect {shown}; nothing was started. Fix the "
                                       f"error below (or start on another file):\n{error}")
        how = (f"under pytest --trace: only {shown}::{test} runs, paused at its start" if test else
               "under pytest --trace: the tests run, paused at the start of the first test"
               if mode == "pytest" else "under python -m pdb: paused at its first line")
        lead = "Debugger restarted" if restarting else "Debugger started"
        return self._answer(f"{lead} on {shown} {how}.\n{text}", stop=Stop("start"))

    def _launch(self, path: Path) -> tuple[str, bool]:
        """(Re)start the program on ``path`` and re-arm every breakpoint; (text, failed)."""
        self.end_program()
        self.hits_since_start = 0
        self.post_mortem = False
        self.tests_run = []
        try:
            self.program = DebuggedProgram(workspace=self.workspace, target=path, python=self.python, env=self.env,
                                           server=self._warm_server(), mode=self.mode, test=self.test,
                                           stdin=self.stdin)
        except (OSError, pexpect.ExceptionPexpect) as exc:
            self.program = None
            return (f"Error: the debugger could not start: the interpreter {self.python} did not run ({exc}). "
                    "Check the session's python setting.", True)
        first = self.program.read(self.start_timeout_s)
        if first.status != "prompt" and any(r.get("how") == "no_code" for r in first.records):
            self.end_program()
            shown = terminal_text.shown_path(str(path), self.workspace)
            tests = self._test_files()[:5]
            return (f"Error: nothing to debug in {shown}: it holds no code that runs (it is empty, or only "
                    "comments), so the program ended at once. Start the debugger on a file with code; a test file "
                    f"runs the tests under pytest ({', '.join(tests) or 'e.g. test_module.py'}).", True)
        syntax = [r for r in first.records if r.get("how") == "syntax_error"]
        if first.status != "prompt" and syntax:
            self.end_program()
            shown = terminal_text.shown_path(str(path), self.workspace)
            error = terminal_text.clean(str(syntax[-1].get("error") or ""), self.workspace)
            return (f"Error: the debugger could not start on {shown}: the program does not compile.\n{error}\n"
                    "Fix the line shown (edit_file), then call start_debugger again.", True)
        if first.status != "prompt":
            output = terminal_text.clean(first.raw, self.workspace)[-2000:]
            self.end_program()
            if self.mode == "pytest" and collected_nothing(first.records):
                shown = terminal_text.shown_path(str(path), self.workspace)
                return (f"Error: no tests ran: pytest collected no test from {shown}"
                        + (f"::{self.test}" if self.test else "") + ". Name test functions test_* (classes Test* "
                        f"or unittest.TestCase subclasses), or start on another file:\n{output}", True)
            killed = killed_by(first.records)
            how = f"the program was killed by signal {killed} before pausing" if killed else \
                "the program ended before pausing"
            return (f"Error: the debugger could not start on {terminal_text.shown_path(str(path), self.workspace)}; "
                    f"{how}:\n{output}\nFix the error shown, or start on another file "
                    "(a test file runs under pytest).", True)
        self._track(first)
        notes = self._rearm()
        if self.watches:
            self._running.send(self._with_argument("stepwise_watch", json.dumps(self.watches), "watches"),
                               self.tool_timeout_s)
        self.snapshot_sources()
        return "\n".join([self._shown(first), *notes]).strip(), False

    def restart(self, reason: str) -> str:
        if self.target is None:
            raise DebuggerError("Error: the debugger was never started; call start_debugger first.")
        path, _ = self.resolve(self.target)
        text, failed = self._launch(path)
        if failed:
            return f"{reason} Restarting failed:\n{text}"
        where = f" Paused at {self.position[0]}:{self.position[1]}." if self.position else ""
        return f"{reason} The debugger restarted on {self.target}.{where}\n{text}".rstrip()

    # --- one exchange -------------------------------------------------------------------------
    def _track(self, exchange: Exchange) -> None:
        """Move the cursor to where the in-process debugger last said the program is (its stop and
        frame records; never what the program printed)."""
        for record in exchange.records:
            if record.get("kind") in ("stop", "frame") and isinstance(record.get("line"), int):
                self.position = (terminal_text.shown_path(str(record.get("file")), self.workspace), record["line"])
                self._track_frames(record)

    def _track_frames(self, record: dict) -> None:
        frames = [f for f in record.get("frames") or [] if isinstance(f, dict) and isinstance(f.get("line"), int)]
        self.frames = [Frame(str(f.get("file")), f["line"], str(f.get("function"))) for f in frames]
        self.selected = next((n for n, f in enumerate(frames) if f.get("index") == record.get("selected")), None)

    def _shown(self, exchange: Exchange) -> str:
        """An exchange's text for the model: the terminal text cleaned, then where the program paused,
        written from the last stop or frame record."""
        self.cuts += exchange.cuts + [cut for cut in map(render.cut_of, exchange.records) if cut is not None]
        body = terminal_text.clean(exchange.raw, self.workspace)
        paused = [r for r in exchange.records if r.get("kind") in ("stop", "frame") and isinstance(r.get("line"), int)]
        if exchange.status not in ("prompt", "interrupted") or not paused:
            return body
        shown = terminal_text.shown_path(str(paused[-1].get("file")), self.workspace)
        return f"{body}\n{render.position(paused[-1], shown)}".strip("\n")

    def record(self, stop: Stop | None = None) -> DebuggerRecord:
        """What the debugger knows now, from its own state (no round trip to pdb)."""
        return DebuggerRecord(stop=stop, position=self.position, frames=list(self.frames), selected=self.selected,
                              breakpoints=[(bp.file, bp.line) for bp in self.breakpoints])

    def _answer(self, body: str, *, error: bool = False, stop: Stop | None = None) -> Observation:
        cuts, self.cuts = self.cuts, []
        return Observation(text=envelope(body, self.position, cuts), position=self.position, error=error,
                           debugger=self.record(stop))

    def _query(self, command: str, tool: str = "") -> Observation:
        """A command that does not run the program (inspection, listing, frames). The stepwise commands
        answer with records (rendered here, see render); pdb's own (list, break) with their text."""
        exchange = self._running.send(command, self.tool_timeout_s)
        if exchange.status == "interrupted":
            self._track(exchange)
            return self._answer(f"Error: this did not finish within {self._waited}s and was interrupted "
                                "(an endless loop, or waiting on something?).\n"
                                + self._shown(exchange), error=True)
        if exchange.status != "prompt":
            return self._after_run(exchange)
        self._track(exchange)
        body = self._shown(exchange)
        shown = render.answer(exchange.records, tool)
        if shown is None:
            error = body.startswith("***")
            if error:
                body = "Error: " + body[3:].strip()
            return self._answer(body or "(no output)", error=error)
        # What the program printed while the command ran (a print() in run_expression) comes first.
        obs = self._answer("\n".join(part for part in (body, shown.text) if part), error=shown.error)
        if obs.debugger is not None and not shown.error:
            obs.debugger.values = shown.values
            if shown.frames is not None:
                obs.debugger.frames, obs.debugger.selected = shown.frames, shown.selected
        return obs

    def set_watches(self, add: str | None = None, remove: str | None = None) -> Observation:
        if add is not None and add.strip() and add.strip() not in self.watches:
            self.watches.append(add.strip())
        if remove is not None:
            if remove.strip() not in self.watches:
                return self._answer(f"Error: {remove!r} is not watched; watched: {', '.join(self.watches) or 'none'}.",
                                    error=True)
            self.watches.remove(remove.strip())
        if self.started:
            self._running.send(self._with_argument("stepwise_watch", json.dumps(self.watches), "watches"),
                               self.tool_timeout_s)
        return self._answer("Watched at every stop: " + (", ".join(self.watches) or "nothing") + ".")

    def list_tasks(self) -> Observation:
        return self._query("stepwise_tasks", "list_tasks")

    def list_threads(self) -> Observation:
        return self._query("stepwise_threads", "list_threads")

    def _test_files(self) -> list[str]:
        return find_test_files(self.workspace)
