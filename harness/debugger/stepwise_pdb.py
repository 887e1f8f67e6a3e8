"""The debugger that runs inside the debugged process: the real ``pdb.Pdb`` plus a few commands.

This file is executed by path (``python -u stepwise_pdb.py --script FILE`` or ``--pytest FILE``) with
the task's interpreter, so it uses the standard library only and imports nothing from ``harness``.
It adds what the harness cannot do cheaply from outside the process:

- ``stepwise_locals`` / ``stepwise_globals`` / ``stepwise_print`` / ``stepwise_run`` /
  ``stepwise_where`` answer with records (``stepwise_values``: every repr capped in-process, so a
  megabyte-long repr never crosses the PTY); the harness renders the model's text from them;
- ``stepwise_where`` / ``stepwise_frame`` show and select frames of the workspace only (pytest's
  forty frames of plumbing are counted, not listed), numbered from the innermost frame (0);
- a SIGINT while the program runs prints where every thread is and pauses in the innermost
  workspace frame of the main thread (how the harness answers a deadlock instead of hanging);
- a protocol out of the program's reach: the harness sends a handshake line first (``{"stepwise":
  NONCE, "workspace": PATH}``) and then every command prefixed with a fresh random nonce
  (``NONCE command``); the debugger answers on its own duplicate of the terminal (the program may
  close or replace ``sys.stdout``/``sys.stdin``; if it closes the descriptors too, ``/dev/tty`` is
  reopened) and ends every answer with a marker carrying that call's nonce and a fresh tag,
  ``[[stepwise:NONCE:P:TAG:BASE64]]``, in place of pdb's prompt. Nothing of it is in the environment.
  The program runs in this process, so it can read the current nonce and print a marker of its own:
  after each answer the harness sends ``stepwise_sync`` (a fresh nonce), whose record names the tag of
  the marker the debugger really wrote, so a copy never cuts an answer short or shifts the next;
- stop records (JSON, base64 inside the marker: ``P`` ends an answer, ``R`` carries the records of
  a run that ends without another prompt) for every pause, frame selection and program end, so the
  harness learns where the program is and why it stopped without reading pdb's English::

      {"seq": 3, "kind": "stop", "reason": "breakpoint", "file": "/workspace/a.py", "line": 12,
       "function": "total", "frames": [{"index": 0, "file": "a.py", "line": 12, "function": "total"}, ...],
       "selected": 0}

  ``kind`` is ``test`` (pytest mode: ``nodeid`` and ``outcome`` of each test that ran), ``stop``
  (reason: start, step, call, breakpoint, return (with ``value``), exception (with ``value``),
  post_mortem (with ``raised_in``: the innermost frame, where the exception came from), interrupted),
  ``frame`` (select_frame moved the cursor; ``frames`` and ``selected`` as a stop has) or ``end``
  (``how``: finished, exit (with ``status``), exception, syntax_error (with ``error``), no_code (the script ran without a single line to pause at:
  the run ends instead of restarting forever)) and, in script mode, ``restart`` (``after``: finished, exit,
  post_mortem or restart: the script runs again from its first line, as ``python -m pdb`` does).
  A stop or frame record carries the ``source`` line too: pdb's own position line is not printed (the
  harness writes the position from the record).
"""

from __future__ import annotations

import bdb
import faulthandler
import os
import pdb
import signal
import sys
import threading
import traceback

import stepwise_channel
import stepwise_tasks
import stepwise_threads
from stepwise_channel import (
    CHANNEL,
    NONCE,
    handshake,
    in_workspace,
    shown_path,
)
from stepwise_commands import WATCHES, StepwiseCommands
from stepwise_guard import GUARD
from stepwise_records import TestRecords, collection_errors, thread_dump, workspace_frames
from stepwise_threads import HITS, PAUSES
from stepwise_yields import StepwiseYields

_current_frames = sys._current_frames  # private references: the program may rebind the module attributes
_get_ident = threading.get_ident
_main_thread = threading.main_thread
THREAD_CAP = 20  # threads listed in one stop record


def is_main_thread() -> bool:
    return _get_ident() == _main_thread().ident


SHARED_BREAKS: dict[str, list[int]] = {}  # one breakpoint table for every thread's debugger

RUN_COMMANDS = {"c", "cont", "continue"}
STEP_COMMANDS = {"n", "next", "s", "step", "r", "return", "unt", "until", "j", "jump"}


class StepwisePdb(StepwiseCommands, StepwiseYields):
    busy = False  # a debugger command is executing (True) or the program is running (False)
    at_prompt = False  # inside the command loop (waiting for or running a command)
    last_resume: str | None = None  # "continue" or "step": how the program was last resumed
    active: StepwisePdb | None = None

    def __init__(self, *args, thread_debugger: bool = False, **kwargs):
        kwargs["nosigint"] = True  # SIGINT is ours (see on_sigint); pdb must not swap handlers
        kwargs["readrc"] = False
        terminal = stepwise_channel.TERMINAL
        if terminal is not None:  # answer on the debugger's own terminal, whatever the program did to sys.std*
            kwargs.setdefault("stdin", terminal)
            kwargs.setdefault("stdout", terminal)
        # Stepping never stops inside pytest's own machinery: past a test's end it goes to the next test.
        kwargs["skip"] = list(kwargs.get("skip") or []) + ["_pytest", "_pytest.*", "pluggy", "pluggy.*", "pytest"]
        super().__init__(*args, **kwargs)
        self.use_rawinput = False  # plain readline() on stdin: no readline escape codes in the PTY
        self.breaks = SHARED_BREAKS  # one table for every thread's debugger (bdb keeps one per instance)
        self._alone = False  # the next resume runs this thread only (the others stay held)
        stepwise_threads.register(self)
        if not thread_debugger:
            StepwisePdb.active = self

    @property
    def prompt(self) -> str:
        """What ends every answer: the current call's marker with the records since the last one."""
        return CHANNEL.marker("P")

    @prompt.setter
    def prompt(self, value) -> None:  # pdb and cmd set their own prompt; ours is the marker
        pass

    def precmd(self, line):
        match = NONCE.match(line)
        if match:  # the harness's nonce for this call: the answer's marker carries it
            CHANNEL.nonce = match.group(1)
            line = line[match.end():]
        return super().precmd(line)

    # --- stop records -----------------------------------------------------------------------
    def trace_dispatch(self, frame, event, arg):
        if PAUSES.all_stop and PAUSES.must_wait() and PAUSES.wait_if_held(frame, self):
            self.pause_for_switch(frame)  # switch_to handed the prompt to this thread
            return self.trace_dispatch
        return super().trace_dispatch(frame, event, arg)

    def pause_for_switch(self, frame) -> None:
        self._why("thread")
        self.interaction(frame, None)

    def interaction(self, frame, traceback):
        if frame is None and traceback is not None:
            self._why("post_mortem")
        PAUSES.enter()  # one thread at the prompt; the others held
        try:
            with GUARD:  # the debugger's own builtins while it answers
                super().interaction(frame, traceback)
        finally:
            alone, self._alone = self._alone, False
            PAUSES.leave(alone, frame, self)

    def print_stack_entry(self, frame_lineno, *args, **kwargs):
        current = bool(self.stack) and frame_lineno is self.stack[self.curindex]
        if current:
            self._record(frame_lineno)
        if current and CHANNEL.nonce is not None:
            return  # the harness writes the position from the record: no pdb line for it to read back
        super().print_stack_entry(frame_lineno, *args, **kwargs)

    def _record(self, frame_lineno) -> None:
        frame, lineno = frame_lineno
        where = {"file": frame.f_code.co_filename, "line": lineno, "function": frame.f_code.co_name,
                 "source": self._source_line(frame.f_code.co_filename, lineno, frame)}
        selected = len(self.stack) - 1 - self.curindex  # where_am_i's index of the selected frame
        frames = {"frames": workspace_frames(self.stack, selected), "selected": selected}
        if self._reason == "frame":
            CHANNEL.write({"kind": "frame", **where, **frames})
        else:
            reason = "start" if CHANNEL.fresh and self._reason in ("step", "call") else self._reason
            record = {"kind": "stop", "reason": reason, **where, **frames}
            if self._value is not None:
                record["value"] = self._value
            if reason == "post_mortem" and self._raised_in:
                record["raised_in"] = self._raised_in
            if reason in ("post_mortem", "exception") and self._exception:
                record["exception"] = self._exception
            if len(_current_frames()) > 1 or not is_main_thread():
                record["thread"] = stepwise_threads.thread_name()
                record["threads"] = stepwise_threads.threads(_get_ident(), in_workspace, shown_path)[:THREAD_CAP]
            record["breakpoints"] = [[bp.number, bp.hits] for bp in bdb.Breakpoint.bpbynumber if bp]
            if WATCHES:
                record["watches"] = self._watch_values(frame)
            task = stepwise_tasks.current_task_name()
            if task is not None:
                record["task"] = task
            if getattr(self, "nested", False):
                record["nested"] = True
            yielded = self.take_yielded()  # a yield the step went over (stale at a fresh start)
            if reason != "start":
                record.update(yielded)
            CHANNEL.write(record)
            CHANNEL.fresh = False
        self._why("step")

    def run_script(self, path: str) -> None:
        """One run of the script as ``python -m pdb`` runs it (pdb's private runners: ``_run`` of a
        target from 3.11, ``_runscript`` before), its end said by an end record."""
        CHANNEL.fresh = True
        HITS.take()  # counts are per run
        try:
            script_target = getattr(pdb, "_ScriptTarget", None)
            if script_target is not None:
                target = script_target(path)
                check = getattr(target, "check", None)  # 3.11 and 3.12 check apart; 3.13 in the constructor
                if check is not None:
                    check()
                self._run(target)  # pyright: ignore[reportAttributeAccessIssue]  # pdb's private runner (3.11+)
            else:
                self._runscript(path)  # pyright: ignore[reportAttributeAccessIssue]  # pdb's runner (3.7-3.10)
        except SyntaxError as exc:
            # pdb.main would print a traceback and exit; say what does not compile, once, and end.
            detail = traceback.format_exception_only(type(exc), exc)
            CHANNEL.end("syntax_error", error="".join(detail).strip()[-1500:])
            self.message("--The program does not compile--\n" + "".join(detail).rstrip())
            self._user_requested_quit = True
            return
        except SystemExit as exc:
            CHANNEL.end("exit", status=exc.code)
            raise
        except BaseException as exc:
            CHANNEL.end("exception", error=f"{type(exc).__name__}: {exc}"[:200])
            raise
        finally:
            repair_standard_streams()
        if CHANNEL.fresh:
            # Not one line ran (an empty file, only comments): it would restart forever without ever
            # pausing. Say so and stop instead.
            CHANNEL.end("no_code")
            self.message(f"--Nothing to debug: {shown_path(str(path))} has no code that runs--")
            self._user_requested_quit = True
            return
        CHANNEL.end("finished")

    def onecmd(self, line):
        word = line.strip().split(" ", 1)[0] if line.strip() else ""
        if word in RUN_COMMANDS:
            StepwisePdb.last_resume = "continue"
        elif word in STEP_COMMANDS:
            StepwisePdb.last_resume = "step"
        StepwisePdb.busy = True
        StepwisePdb.active = self
        try:
            return super().onecmd(line)
        finally:
            StepwisePdb.busy = False

    def _cmdloop(self):
        previous, StepwisePdb.at_prompt = StepwisePdb.at_prompt, True
        try:
            super()._cmdloop()
        finally:
            StepwisePdb.at_prompt = previous

    def runcall(self, func, *args, **kwds):  # no "/": the debugged interpreter may be 3.7
        # pytest --trace pauses at the start of every test. After a `continue` the model asked to
        # run to the next breakpoint, so later tests start running with only the breakpoints armed.
        if StepwisePdb.last_resume != "continue":
            return super().runcall(func, *args, **kwds)
        self.reset()
        # A stop frame never reached: no stepping (bdb's private setter, not in typeshed).
        self._set_stopinfo(sys._getframe(), None, -1)  # pyright: ignore[reportAttributeAccessIssue]
        sys.settrace(self.trace_dispatch)
        try:
            return func(*args, **kwds)
        finally:
            self.quitting = True
            sys.settrace(None)

    def interrupted_at(self, frame):
        """Pause where the main thread is stuck, selecting its innermost workspace frame."""
        self._why("interrupted")
        PAUSES.enter()
        try:
            with GUARD:
                self.setup(frame, None)
                self._select_innermost_workspace_frame()
                self.print_stack_entry(self.stack[self.curindex])
                self._cmdloop()
                self.forget()
        finally:
            alone, self._alone = self._alone, False
            PAUSES.leave(alone, frame, self)

    # --- frames -------------------------------------------------------------------------------
def repair_standard_streams() -> None:
    """After a run of the script ended: a ``sys.stdout``/``sys.stderr`` the program closed is replaced
    (the next run starts fresh)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name, None)
        if stream is None or getattr(stream, "closed", False):
            original = getattr(sys, f"__{name}__", None)
            if original is None or original.closed:
                terminal = stepwise_channel.TERMINAL
                fd = os.dup(terminal.fileno() if terminal else 1)
                original = os.fdopen(fd, "w", encoding="utf-8", errors="replace", buffering=1)
            setattr(sys, name, original)


def on_sigint(signum, frame):
    debugger = StepwisePdb.active
    if debugger is None or StepwisePdb.busy:
        raise KeyboardInterrupt  # a debugger command (run_expression) is looping: cancel it
    if StepwisePdb.at_prompt:
        return  # the answer came just as the harness gave up waiting: nothing to interrupt
    if not any(in_workspace(f.filename) for f in traceback.extract_stack(frame)):
        return  # pytest or the interpreter is busy (collecting, reporting, exiting): let it finish
    out = stepwise_channel.TERMINAL or sys.stdout
    out.write("\n--Interrupted: the program did not pause within the time limit--\n" + thread_dump() + "\n")
    out.flush()
    debugger.interrupted_at(frame)


def streams_repair(pytest):
    """A pytest plugin: before pytest's --pdb post-mortem writes the test's output to ``sys.stdout``, a
    standard stream the program set to None or closed is put back (pytest would stop with INTERNALERROR)."""
    class StreamsRepair:
        @pytest.hookimpl(tryfirst=True)
        def pytest_exception_interact(self):
            repair_standard_streams()

    return StreamsRepair()


def trace_each_test(pytest):
    """A pytest plugin in place of --trace (pytest before 5): each test function runs under the debugger
    from its first line, as --trace runs it (``pdb.runcall`` builds a StepwisePdb: ``run`` set ``pdb.Pdb``)."""
    class TraceEachTest:
        @pytest.hookimpl(hookwrapper=True)
        def pytest_pyfunc_call(self, pyfuncitem):
            test = pyfuncitem.obj

            def traced(*args, **kwargs):
                return pdb.runcall(test, *args, **kwargs)

            pyfuncitem.obj = traced
            yield

    return TraceEachTest()


def main(argv: list[str]) -> int:
    handshake()  # before anything of the program runs
    try:
        return run(argv)
    finally:
        terminal = stepwise_channel.TERMINAL
        if CHANNEL.pending and terminal is not None:  # the run's end, with no prompt to carry it
            terminal.write(CHANNEL.marker("R"))


def make_thread_debugger() -> StepwisePdb:
    """The debugger of a thread the program started: it stops only at breakpoints (a stop frame that is
    never reached: bdb's private setter, not in typeshed)."""
    debugger = StepwisePdb(thread_debugger=True)
    debugger.reset()
    debugger._set_stopinfo(sys._getframe(), None, -1)  # pyright: ignore[reportAttributeAccessIssue]
    return debugger


def run(argv: list[str]) -> int:
    stepwise_threads.install(make_thread_debugger)
    HITS.take()
    signal.signal(signal.SIGINT, on_sigint)
    # Last resort for a thread stuck in C code: the harness sends SIGUSR1 and reads this dump.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    # A crash in native code (SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGILL) prints where every thread was.
    faulthandler.enable(all_threads=True)
    mode, target = argv[0], argv[1]
    if mode == "--pytest":
        sys.path[0] = os.getcwd()  # as `python -m pytest` would have it
        import pytest

        # No -x: continuing past a failing test (its post-mortem pause) reaches the next test. A repository
        # task's own pytest may predate --no-header (pytest 6).
        major = int(pytest.__version__.split(".")[0])
        quiet = ["--no-header"] if major >= 6 else []
        # Before pytest 5 --trace is missing (3.5 and older) or unfit (3.10: the standard library's Pdb
        # instead of --pdbcls, and a parametrized test's second case fails): a plugin traces instead.
        own_trace = major < 5
        if own_trace:
            pdb.Pdb = StepwisePdb  # what pdb.runcall builds
        status = int(pytest.main([target, *([] if own_trace else ["--trace"]), "--pdb",
                                  "--pdbcls=stepwise_pdb:StepwisePdb", "-s", "-q", *quiet, "--tb=short", "-p",
                                  "no:cacheprovider", *argv[2:]],
                                 plugins=[TestRecords(), streams_repair(pytest), collection_errors(pytest),
                                          *([trace_each_test(pytest)] if own_trace else [])]))
        CHANNEL.end("finished", status=status)
        return status
    pdb.Pdb = StepwisePdb  # a breakpoint() or pdb.set_trace() of the program builds this one
    debug_script(target, argv[2:])
    return 0


def debug_script(path: str, arguments: list[str]) -> None:
    """``python -m pdb``'s loop (pdb.main), with records where pdb.main prints its notices: the script
    runs until it ends, an uncaught exception pauses post-mortem, and then it runs again from its first
    line (a ``restart`` record says after what), until the harness ends the process."""
    sys.argv[:] = [path, *arguments]
    sys.path[0] = os.path.dirname(os.path.realpath(path))  # the script's folder, as python -m pdb has it
    debugger = StepwisePdb()
    while True:
        try:
            debugger.run_script(path)
            if debugger._user_requested_quit:  # pyright: ignore[reportAttributeAccessIssue]  # pdb's flag
                return
            after = "finished"
        except pdb.Restart:
            after = "restart"
        except SystemExit:
            after = "exit"
        except BaseException:  # as pdb.main: anything uncaught pauses post-mortem, then the script restarts
            exc, tb = sys.exc_info()[1:]
            uncaught(exc)
            debugger.interaction(None, tb)  # inside the except: the exception is the one being handled
            after = "post_mortem"
        CHANNEL.write({"kind": "restart", "after": after})
        if CHANNEL.nonce is None:  # a person at a terminal: pdb's own words
            debugger.message(f"--Restarting {path} (the last run: {after})--")


def uncaught(exc) -> None:
    """An uncaught exception's traceback on stderr, as pdb.main prints it, less the debugger's own frames
    (pdb's, bdb's, this file's and the ``exec`` that runs the script)."""
    report = traceback.TracebackException(type(exc), exc, exc.__traceback__)
    own = (pdb.__file__, bdb.__file__, __file__)
    report.stack = traceback.StackSummary.from_list(
        [entry for entry in report.stack if entry.filename != "<string>"
         and not any(os.path.realpath(entry.filename) == os.path.realpath(f) for f in own)])
    sys.stderr.write("".join(report.format()))
    sys.stderr.flush()


if __name__ == "__main__":
    # Run as the module ``stepwise_pdb``, not as __main__: pdb empties __main__'s namespace to run
    # the script there, which would take this module's globals with it.
    import importlib.util

    spec = importlib.util.spec_from_file_location("stepwise_pdb", __file__)
    if spec is None or spec.loader is None:
        sys.exit(f"stepwise_pdb: cannot load {__file__}")
    agent = importlib.util.module_from_spec(spec)
    sys.modules["stepwise_pdb"] = agent
    spec.loader.exec_module(agent)
    sys.exit(agent.main(sys.argv[1:]))
