"""The debugger that runs inside the debugged process: the real ``pdb.Pdb`` plus a few commands.

This file is executed by path (``python -u stepwise_pdb.py --script FILE`` or ``--pytest FILE``) with
the task's interpreter, so it uses the standard library only and imports nothing from ``harness``.
It adds what the harness cannot do cheaply from outside the process:

- ``stepwise_locals`` / ``stepwise_globals`` / ``stepwise_print`` / ``stepwise_run`` build their
  answers in-process with every repr already capped, so a megabyte-long repr never crosses the PTY;
- ``stepwise_where`` / ``stepwise_frame`` show and select frames of the workspace only (pytest's
  forty frames of plumbing are counted, not listed), numbered from the innermost frame (0);
- a SIGINT while the program runs prints where every thread is and pauses in the innermost
  workspace frame of the main thread (how the harness answers a deadlock instead of hanging);
- a unique prompt (``STEPWISE_PDB_PROMPT``) so program output can never fake the end of an answer;
- a stop record on a side channel (the file ``STEPWISE_STOPS``, one JSON object per line) for every
  pause, frame selection and program end, so the harness learns where the program is and why it
  stopped without reading pdb's English (which a program can print too)::

      {"seq": 3, "kind": "stop", "reason": "breakpoint", "file": "/workspace/a.py", "line": 12,
       "function": "total", "frames": [{"file": "a.py", "line": 12, "function": "total"}, ...]}

  ``kind`` is ``test`` (pytest mode: ``nodeid`` and ``outcome`` of each test that ran), ``stop``
  (reason: start, step, call, breakpoint, return (with ``value``), exception (with ``value``), post_mortem, interrupted), ``frame`` (select_frame moved the cursor) or ``end``
  (``how``: finished, exit (with ``status``), exception, no_code (the script ran without a single
  line to pause at: the run ends instead of restarting forever)), written before pdb prints its prompt.
"""

from __future__ import annotations

import base64
import faulthandler
import hashlib
import json
import os
import pdb
import signal
import sys
import threading
import traceback
import types

PROMPT = os.environ.get("STEPWISE_PDB_PROMPT", "(Pdb) ")
WORKSPACE = os.path.realpath(os.environ.get("STEPWISE_WORKSPACE") or os.getcwd())
VALUE_CAP = 200  # characters of one value's repr in a listing
ENTRY_CAP = 30  # entries of one locals/globals listing
OUTPUT_CAP = 4096  # bytes of one answer
STOPS_PATH = os.environ.get("STEPWISE_STOPS")
RUN_COMMANDS = {"c", "cont", "continue"}
STEP_COMMANDS = {"n", "next", "s", "step", "r", "return", "unt", "until", "j", "jump"}


def in_workspace(filename: str) -> bool:
    if not filename or filename.startswith("<"):
        return False
    real = os.path.realpath(filename)
    return real.startswith(WORKSPACE + os.sep) and os.sep + "site-packages" + os.sep not in real


def shown_path(filename: str) -> str:
    if in_workspace(filename):
        return os.path.relpath(os.path.realpath(filename), WORKSPACE)
    return filename


def safe_repr(value) -> str:
    try:
        return repr(value)
    except BaseException as exc:  # a broken __repr__ is evidence too, not a crash
        return f"<repr failed: {type(exc).__name__}: {exc}>"


def capped(text: str, limit: int = VALUE_CAP) -> str:
    if len(text) <= limit:
        return text
    return f"{text[:limit]}...<+{len(text) - limit} chars>"


def bounded(text: str, limit: int = OUTPUT_CAP) -> str:
    """Cut ``text`` to ``limit`` bytes, marking the cut the way every debugger answer does."""
    data = text.encode("utf-8", "replace")
    if len(data) <= limit:
        return text
    digest = hashlib.sha1(data).hexdigest()[:12]
    head = data[:limit].decode("utf-8", "ignore")
    return f"{head}\n<OUTPUT_TRUNCATED remaining_bytes={len(data) - limit} sha1={digest}>"


def listing(title: str, namespace: dict) -> str:
    lines, hidden, builtins_seen = [], 0, False
    for name, value in list(namespace.items()):
        if name == "__builtins__":
            builtins_seen = True
            continue
        if name.startswith("@") or (name.startswith("__") and name.endswith("__")):
            continue  # pytest's assertion temporaries and module dunders are noise
        if len(lines) >= ENTRY_CAP:
            hidden += 1
            continue
        text = f"<module {value.__name__}>" if isinstance(value, types.ModuleType) else safe_repr(value)
        lines.append(f"  {name} = {capped(text)}")
    if builtins_seen:
        lines.append("  __builtins__ = <filtered>")
    if hidden:
        lines.append(f"  ... {hidden} more entries not shown; use print_variable(name) for one of them")
    if not lines:
        lines.append("  (none)")
    return f"{title}:\n" + "\n".join(lines)


def decode_argument(arg: str) -> str:
    """An argument the harness sent: base64 inline, or ``@PATH`` of a file it wrote (read, then removed)."""
    arg = arg.strip()
    if arg.startswith("@"):
        path = arg[1:]
        try:
            with open(path, "rb") as stream:
                data = stream.read()
        finally:
            try:
                os.unlink(path)
            except OSError:
                pass
        return data.decode("utf-8")
    return base64.b64decode(arg.encode("ascii"), validate=True).decode("utf-8")


def thread_dump() -> str:
    """Where every thread is, workspace frames only (library frames are counted)."""
    names = {t.ident: t for t in threading.enumerate()}
    out = []
    for ident, frame in sys._current_frames().items():
        thread = names.get(ident)
        label = thread.name if thread else f"thread {ident}"
        if thread is threading.main_thread():
            label += " (main)"
        out.append(f"Thread {label}:")
        summary = traceback.extract_stack(frame)
        library = 0
        for entry in summary:
            if entry.filename == __file__ or not in_workspace(entry.filename):
                library += 1
                continue
            out.append(f"  {shown_path(entry.filename)}:{entry.lineno} in {entry.name}: {(entry.line or '').strip()}")
        if library:
            out.append(f"  ({library} frames in the standard library, pytest or the debugger not shown)")
    return "\n".join(out)


class StopChannel:
    """The side channel: JSON lines appended to STEPWISE_STOPS (nothing when it is unset)."""

    def __init__(self, path: str | None):
        self.path = path
        self.seq = 0
        self.fresh = True  # the next stop is the first since the program (re)started

    def write(self, record: dict) -> None:
        if not self.path:
            return
        self.seq += 1
        line = json.dumps({"seq": self.seq, **record}, default=str) + "\n"
        with open(self.path, "a", encoding="utf-8") as fh:  # reopened each time: the program may close fds
            fh.write(line)

    def end(self, how: str, **details) -> None:
        self.write({"kind": "end", "how": how, **details})
        self.fresh = True


CHANNEL = StopChannel(STOPS_PATH)


def configure_from_environment() -> None:
    """Take the prompt and the side channel from the environment again (a forked warm interpreter
    imported this module before its run's environment was known)."""
    global PROMPT, CHANNEL
    PROMPT = os.environ.get("STEPWISE_PDB_PROMPT", "(Pdb) ")
    CHANNEL = StopChannel(os.environ.get("STEPWISE_STOPS"))


def workspace_frames(stack) -> list[dict]:
    """The workspace frames of a pdb stack, innermost first, with their where_am_i indices."""
    frames = []
    for index, (frame, lineno) in enumerate(reversed(stack)):
        if in_workspace(frame.f_code.co_filename):
            frames.append({"index": index, "file": shown_path(frame.f_code.co_filename), "line": lineno,
                           "function": frame.f_code.co_name})
    return frames


class StepwisePdb(pdb.Pdb):
    busy = False  # a debugger command is executing (True) or the program is running (False)
    at_prompt = False  # inside the command loop (waiting for or running a command)
    last_resume: str | None = None  # "continue" or "step": how the program was last resumed
    active: StepwisePdb | None = None

    def __init__(self, *args, **kwargs):
        kwargs["nosigint"] = True  # SIGINT is ours (see on_sigint); pdb must not swap handlers
        kwargs["readrc"] = False
        # Stepping never stops inside pytest's own machinery: past a test's end it goes to the next test.
        kwargs["skip"] = list(kwargs.get("skip") or []) + ["_pytest", "_pytest.*", "pluggy", "pluggy.*", "pytest"]
        super().__init__(*args, **kwargs)
        self.prompt = PROMPT
        self.use_rawinput = 0  # plain readline() on stdin: no readline escape codes in the PTY
        StepwisePdb.active = self

    # --- stop records (the side channel) ----------------------------------------------------
    _reason = "step"
    _value: str | None = None
    _hit_breakpoint = False

    def _why(self, reason: str, value=None) -> None:
        self._reason = reason
        self._value = None if value is None else capped(safe_repr(value))

    def dispatch_line(self, frame):
        self._hit_breakpoint = False
        return super().dispatch_line(frame)

    def break_here(self, frame):
        hit = super().break_here(frame)
        self._hit_breakpoint = self._hit_breakpoint or bool(hit)
        return hit

    def user_call(self, frame, argument_list):
        self._why("call")
        super().user_call(frame, argument_list)

    def user_line(self, frame):
        self._why("breakpoint" if self._hit_breakpoint else "step")
        super().user_line(frame)

    def user_return(self, frame, return_value):
        self._why("return", return_value)
        super().user_return(frame, return_value)

    def user_exception(self, frame, exc_info):
        self._why("exception", exc_info[1])
        super().user_exception(frame, exc_info)

    def interaction(self, frame, traceback):
        if frame is None and traceback is not None:
            self._why("post_mortem")
        super().interaction(frame, traceback)

    def _select_frame(self, number):
        self._why("frame")
        super()._select_frame(number)

    def print_stack_entry(self, frame_lineno, *args, **kwargs):
        if self.stack and frame_lineno is self.stack[self.curindex]:
            self._record(frame_lineno)
        super().print_stack_entry(frame_lineno, *args, **kwargs)

    def _record(self, frame_lineno) -> None:
        frame, lineno = frame_lineno
        where = {"file": frame.f_code.co_filename, "line": lineno, "function": frame.f_code.co_name}
        if self._reason == "frame":
            CHANNEL.write({"kind": "frame", **where})
        else:
            reason = "start" if CHANNEL.fresh and self._reason in ("step", "call") else self._reason
            record = {"kind": "stop", "reason": reason, **where, "frames": workspace_frames(self.stack)}
            if self._value is not None:
                record["value"] = self._value
            CHANNEL.write(record)
            CHANNEL.fresh = False
        self._why("step")

    def _run(self, target):
        """``python -m pdb``'s run of the script (pdb.main restarts it after each end)."""
        CHANNEL.fresh = True
        try:
            super()._run(target)
        except SystemExit as exc:
            CHANNEL.end("exit", status=exc.code)
            raise
        except BaseException as exc:
            CHANNEL.end("exception", error=f"{type(exc).__name__}: {exc}"[:200])
            raise
        if CHANNEL.fresh:
            # Not one line ran (an empty file, only comments): pdb.main would restart it forever
            # without ever pausing. Say so and stop instead.
            CHANNEL.end("no_code")
            self.message(f"--Nothing to debug: {shown_path(str(target))} has no code that runs--")
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

    def runcall(self, func, /, *args, **kwds):
        # pytest --trace pauses at the start of every test. After a `continue` the model asked to
        # run to the next breakpoint, so later tests start running with only the breakpoints armed.
        if StepwisePdb.last_resume != "continue":
            return super().runcall(func, *args, **kwds)
        self.reset()
        self._set_stopinfo(sys._getframe(), None, -1)  # a stop frame never reached: no stepping
        sys.settrace(self.trace_dispatch)
        try:
            return func(*args, **kwds)
        finally:
            self.quitting = True
            sys.settrace(None)

    def interrupted_at(self, frame):
        """Pause where the main thread is stuck, selecting its innermost workspace frame."""
        self._why("interrupted")
        self.setup(frame, None)
        for index in range(len(self.stack) - 1, -1, -1):
            if in_workspace(self.stack[index][0].f_code.co_filename):
                self.curindex = index
                self.curframe = self.stack[index][0]
                self.curframe_locals = self.curframe.f_locals
                break
        self.print_stack_entry(self.stack[self.curindex])
        self._cmdloop()
        self.forget()

    # --- frames -------------------------------------------------------------------------------
    def _frames_innermost_first(self):
        return list(reversed(self.stack))

    def do_stepwise_where(self, arg):
        frames = self._frames_innermost_first()
        selected = len(self.stack) - 1 - self.curindex
        lines, skipped = [], 0
        for index, (frame, lineno) in enumerate(frames):
            filename = frame.f_code.co_filename
            if not in_workspace(filename) and index != selected:
                skipped += 1
                continue
            marker = ">" if index == selected else " "
            source = self._source_line(filename, lineno, frame)
            lines.append(f"{marker} [{index}] {shown_path(filename)}:{lineno} in {frame.f_code.co_name}: {source}")
        if skipped:
            lines.append(f"  ({skipped} frames in the standard library, pytest or the debugger not shown)")
        self.message("stack (innermost first; select_frame(index) to inspect another frame):\n" + "\n".join(lines))

    def do_stepwise_frame(self, arg):
        try:
            index = int(arg.strip())
        except ValueError:
            self.message("Error: select_frame needs an integer index from where_am_i, e.g. 1.")
            return
        if not 0 <= index < len(self.stack):
            self.message(f"Error: no frame {index}; the stack has frames 0 (innermost) to {len(self.stack) - 1}. "
                         "Call where_am_i to see them.")
            return
        self._select_frame(len(self.stack) - 1 - index)

    @staticmethod
    def _source_line(filename, lineno, frame):
        import linecache

        return linecache.getline(filename, lineno, frame.f_globals).strip()

    # --- values -------------------------------------------------------------------------------
    def do_stepwise_locals(self, arg):
        namespace = self.curframe_locals
        title = "globals (module scope)" if namespace is self.curframe.f_globals else "locals"
        self.message(bounded(listing(title, namespace)))

    def do_stepwise_globals(self, arg):
        self.message(bounded(listing("globals", self.curframe.f_globals)))

    def do_stepwise_print(self, arg):
        try:
            expression = decode_argument(arg)
        except Exception as exc:
            self.message(f"Error: could not read the expression ({exc})")
            return
        try:
            value = eval(expression, self.curframe.f_globals, self.curframe_locals)
        except BaseException as exc:
            self.message(f"Error: {type(exc).__name__}: {exc}")
            return
        self.message(bounded(f"{capped(expression)} = {safe_repr(value)}"))

    def do_stepwise_run(self, arg):
        try:
            source = decode_argument(arg)
        except Exception as exc:
            self.message(f"Error: could not read the expression ({exc})")
            return
        globals_, locals_ = self.curframe.f_globals, self.curframe_locals
        try:
            try:
                code = compile(source, "<run_expression>", "eval")
            except SyntaxError:
                code = None
            if code is not None:
                self.message(bounded(safe_repr(eval(code, globals_, locals_))))
                return
            exec(compile(source, "<run_expression>", "exec"), globals_, locals_)
            self.message("(statement executed)")
        except BaseException as exc:
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            self.message(f"Error: {detail}")


def on_sigint(signum, frame):
    debugger = StepwisePdb.active
    if debugger is None or StepwisePdb.busy:
        raise KeyboardInterrupt  # a debugger command (run_expression) is looping: cancel it
    if StepwisePdb.at_prompt:
        return  # the answer came just as the harness gave up waiting: nothing to interrupt
    if not any(in_workspace(f.filename) for f in traceback.extract_stack(frame)):
        return  # pytest or the interpreter is busy (collecting, reporting, exiting): let it finish
    sys.stdout.write("\n--Interrupted: the program did not pause within the time limit--\n")
    sys.stdout.write(thread_dump() + "\n")
    sys.stdout.flush()
    debugger.interrupted_at(frame)


class TestRecords:
    """A pytest plugin writing ``{"kind": "test", "nodeid", "outcome"}`` for every test that ran, so the
    harness can say which tests ran and which failed without reading pytest's text."""

    def pytest_runtest_logreport(self, report):
        if report.when == "call" or (report.when == "setup" and not report.passed) or (
                report.when == "teardown" and report.failed):
            outcome = report.outcome if report.when == "call" else ("skipped" if report.skipped else "error")
            CHANNEL.write({"kind": "test", "nodeid": report.nodeid, "outcome": outcome})

    def pytest_collectreport(self, report):
        if report.failed:
            CHANNEL.write({"kind": "test", "nodeid": report.nodeid or "(collection)", "outcome": "error"})


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGINT, on_sigint)
    # Last resort for a thread stuck in C code: the harness sends SIGUSR1 and reads this dump.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    # A crash in native code (SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGILL) prints where every thread was.
    faulthandler.enable(all_threads=True)
    mode, target = argv[0], argv[1]
    if mode == "--pytest":
        sys.path[0] = os.getcwd()  # as `python -m pytest` would have it
        import pytest

        # No -x: continuing past a failing test (its post-mortem pause) reaches the next test.
        status = int(pytest.main([target, "--trace", "--pdb", "--pdbcls=stepwise_pdb:StepwisePdb", "-s",
                                  "-q", "--no-header", "--tb=short", "-p", "no:cacheprovider", *argv[2:]],
                                 plugins=[TestRecords()]))
        CHANNEL.end("finished", status=status)
        return status
    pdb.Pdb = StepwisePdb  # pdb.main() builds its debugger by this name
    sys.argv = [sys.argv[0], target, *argv[2:]]
    pdb.main()
    return 0


if __name__ == "__main__":
    # Run as the module ``stepwise_pdb``, not as __main__: pdb empties __main__'s namespace to run
    # the script there, which would take this module's globals with it.
    import importlib.util

    spec = importlib.util.spec_from_file_location("stepwise_pdb", __file__)
    agent = importlib.util.module_from_spec(spec)
    sys.modules["stepwise_pdb"] = agent
    spec.loader.exec_module(agent)
    sys.exit(agent.main(sys.argv[1:]))
