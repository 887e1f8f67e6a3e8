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
- a protocol out of the program's reach: the harness sends a handshake line first (``{"stepwise":
  NONCE, "workspace": PATH}``) and then every command prefixed with a fresh random nonce
  (``NONCE command``); the debugger answers on its own duplicate of the terminal (the program may
  close or replace ``sys.stdout``/``sys.stdin``; if it closes the descriptors too, ``/dev/tty`` is
  reopened) and ends every answer with a marker carrying that call's nonce,
  ``[[stepwise:NONCE:P:BASE64]]``, in place of pdb's prompt. Nothing of it is in the environment,
  and output the program prints (a copied old marker, pdb's own words) can never end an answer;
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
  the run ends instead of restarting forever)).
"""

from __future__ import annotations

import base64
import faulthandler
import functools
import hashlib
import json
import os
import pdb
import re
import signal
import sys
import threading
import traceback
import types
from collections.abc import Mapping

WORKSPACE = os.path.realpath(os.getcwd())  # the harness starts every run in the workspace (see handshake)
VALUE_CAP = 200  # characters of one value's repr in a listing
ENTRY_CAP = 30  # entries of one locals/globals listing
OUTPUT_CAP = 4096  # bytes of one answer
FRAME_CAP = 60  # workspace frames listed in one stop record (a deep recursion is cut, innermost kept)
NONCE = re.compile(r"^([0-9a-f]{32}) ")
RUN_COMMANDS = {"c", "cont", "continue"}
STEP_COMMANDS = {"n", "next", "s", "step", "r", "return", "unt", "until", "j", "jump"}


@functools.lru_cache(maxsize=4096)
def real_path(filename: str) -> str:
    """A code object's file, links resolved: asked for every frame of every stop, and a module's file
    does not move while its code runs (a stack under pytest is dozens of frames, each several lstats)."""
    return os.path.realpath(filename)


def in_workspace(filename: str) -> bool:
    if not filename or filename.startswith("<"):
        return False
    real = real_path(filename)
    return real.startswith(WORKSPACE + os.sep) and os.sep + "site-packages" + os.sep not in real


def is_runner(frame) -> bool:
    """pdb's ``exec(compile(...))`` frame that runs the script (``<string>``, called from bdb.run)."""
    caller = frame.f_back
    return (frame.f_code.co_filename == "<string>" and caller is not None
            and os.path.basename(caller.f_code.co_filename) == "bdb.py")


def shown_path(filename: str) -> str:
    if in_workspace(filename):
        return os.path.relpath(real_path(filename), WORKSPACE)
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


def listing(title: str, namespace: Mapping[str, object]) -> str:
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


class Terminal:
    """The debugger's own end of the program's terminal: private duplicates of stdin and stdout,
    taken before the program runs. Closing or replacing ``sys.stdout`` (or fd 1) leaves them working;
    if the program closes these descriptors too, the controlling terminal is reopened."""

    encoding = "utf-8"

    def __init__(self):
        self._in_fd, self._out_fd = os.dup(0), os.dup(1)  # not inherited by the program's children
        self._reader = os.fdopen(os.dup(self._in_fd), "r", encoding="utf-8", errors="replace", closefd=True)

    def _reopen(self) -> None:
        fd = os.open("/dev/tty", os.O_RDWR | os.O_CLOEXEC)
        self._in_fd = self._out_fd = fd
        self._reader = os.fdopen(os.dup(fd), "r", encoding="utf-8", errors="replace", closefd=True)

    def write(self, text: str) -> int:
        data = text.encode("utf-8", "replace")
        for attempt in (1, 2):
            try:
                while data:
                    data = data[os.write(self._out_fd, data):]
                break
            except OSError:
                if attempt == 2:
                    raise
                self._reopen()
        return len(text)

    def readline(self) -> str:
        for attempt in (1, 2):
            try:
                return self._reader.readline()
            except (OSError, ValueError):
                if attempt == 2:
                    raise
                self._reopen()
        return ""

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._out_fd


class StopChannel:
    """Stop records, kept until the next marker carries them to the harness (none without a handshake)."""

    def __init__(self):
        self.seq = 0
        self.fresh = True  # the next stop is the first since the program (re)started
        self.nonce: str | None = None  # the current call's, from the handshake or the command line
        self.pending: list[dict] = []

    def write(self, record: dict) -> None:
        if self.nonce is None:
            return
        self.seq += 1
        self.pending.append({"seq": self.seq, **record})

    def end(self, how: str, **details) -> None:
        self.write({"kind": "end", "how": how, **details})
        self.fresh = True

    def marker(self, kind: str) -> str:
        """``P``: the end of an answer (pdb's prompt); ``R``: records of a run ending without a prompt."""
        if self.nonce is None:
            return "(Pdb) " if kind == "P" else ""
        data = base64.b64encode(json.dumps(self.pending, default=str).encode("utf-8")).decode("ascii")
        self.pending = []
        return f"[[stepwise:{self.nonce}:{kind}:{data}]]"


CHANNEL = StopChannel()
TERMINAL: Terminal | None = None


def handshake() -> None:
    """Read the harness's first line (the first nonce and the workspace) from the terminal, before the
    program runs; without a harness (a person at a terminal) nothing is read and pdb's prompt stays."""
    global TERMINAL, WORKSPACE
    TERMINAL = Terminal()
    try:
        hello = json.loads(TERMINAL.readline())
    except ValueError:
        return
    if isinstance(hello, dict) and isinstance(hello.get("stepwise"), str) and NONCE.match(hello["stepwise"] + " "):
        CHANNEL.nonce = hello["stepwise"]
        if isinstance(hello.get("workspace"), str):
            WORKSPACE = os.path.realpath(hello["workspace"])


def workspace_frames(stack, selected: int | None = None) -> list[dict]:
    """The workspace frames of a pdb stack (and the ``selected`` one), innermost first, with their
    where_am_i indices."""
    frames = []
    for index, (frame, lineno) in enumerate(reversed(stack)):
        if in_workspace(frame.f_code.co_filename) or index == selected:
            frames.append({"index": index, "file": shown_path(frame.f_code.co_filename), "line": lineno,
                           "function": frame.f_code.co_name})
            if len(frames) >= FRAME_CAP:
                break
    return frames


class StepwisePdb(pdb.Pdb):
    busy = False  # a debugger command is executing (True) or the program is running (False)
    at_prompt = False  # inside the command loop (waiting for or running a command)
    last_resume: str | None = None  # "continue" or "step": how the program was last resumed
    active: StepwisePdb | None = None

    def __init__(self, *args, **kwargs):
        kwargs["nosigint"] = True  # SIGINT is ours (see on_sigint); pdb must not swap handlers
        kwargs["readrc"] = False
        if TERMINAL is not None:  # answer on the debugger's own terminal, whatever the program did to sys.std*
            kwargs.setdefault("stdin", TERMINAL)
            kwargs.setdefault("stdout", TERMINAL)
        # Stepping never stops inside pytest's own machinery: past a test's end it goes to the next test.
        kwargs["skip"] = list(kwargs.get("skip") or []) + ["_pytest", "_pytest.*", "pluggy", "pluggy.*", "pytest"]
        super().__init__(*args, **kwargs)
        self.use_rawinput = False  # plain readline() on stdin: no readline escape codes in the PTY
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

    def stop_here(self, frame):
        if is_runner(frame):
            return False  # pdb's own `exec(...)` around the script: nothing of the program is there
        return super().stop_here(frame)

    def user_call(self, frame, argument_list):
        self._why("call")
        super().user_call(frame, argument_list)

    def user_line(self, frame):
        self._why("breakpoint" if self._hit_breakpoint else "step")
        super().user_line(frame)

    def user_return(self, frame, return_value):
        if frame.f_back is not None and is_runner(frame.f_back):
            return  # the script's last line has run: it ends (said once, by its end record), no --Return--
        self._why("return", return_value)
        super().user_return(frame, return_value)

    def user_exception(self, frame, exc_info):
        if isinstance(exc_info[1], SystemExit):
            # sys.exit() while stepping: run to the end, said once (bdb's private setter, not in typeshed)
            self._set_stopinfo(self.botframe, None, -1)  # pyright: ignore[reportAttributeAccessIssue]
            return
        self._why("exception", exc_info[1])
        super().user_exception(frame, exc_info)

    _raised_in: dict | None = None  # post-mortem: the innermost frame, where the exception came from

    def interaction(self, frame, traceback):
        if frame is None and traceback is not None:
            self._why("post_mortem")
        super().interaction(frame, traceback)

    def setup(self, f, tb):
        result = super().setup(f, tb)
        self._raised_in = None
        if f is None and tb is not None and self.stack:
            # Post-mortem: pause in the model's own code, not in the library that raised.
            frame, lineno = self.stack[-1]
            self._raised_in = {"file": shown_path(frame.f_code.co_filename), "line": lineno,
                               "function": frame.f_code.co_name, "index": 0,
                               "workspace": in_workspace(frame.f_code.co_filename)}
            self._select_innermost_workspace_frame()
        return result

    def _select_innermost_workspace_frame(self) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if in_workspace(self.stack[index][0].f_code.co_filename):
                self.curindex = index
                self.curframe = self.stack[index][0]
                self.curframe_locals = self.curframe.f_locals
                return

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
            CHANNEL.write(record)
            CHANNEL.fresh = False
        self._why("step")

    def _run(self, target):
        """``python -m pdb``'s run of the script (pdb.main restarts it after each end)."""
        CHANNEL.fresh = True
        try:
            super()._run(target)  # pyright: ignore[reportAttributeAccessIssue]  # pdb's private runner (3.11+)
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
        self.setup(frame, None)
        self._select_innermost_workspace_frame()
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
            raising = index == 0 and self._raised_in is not None  # post-mortem: the frame that raised
            if not in_workspace(filename) and index != selected and not raising:
                skipped += 1
                continue
            marker = ">" if index == selected else " "
            source = self._source_line(filename, lineno, frame)
            note = "  <- raised here" if raising else ""
            lines.append(f"{marker} [{index}] {shown_path(filename)}:{lineno} in {frame.f_code.co_name}: {source}{note}")
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
    @property
    def _frame(self) -> types.FrameType:
        """The selected frame; the value commands run only while paused, when pdb has one."""
        if self.curframe is None:
            raise RuntimeError("no frame is selected")
        return self.curframe

    @property
    def _locals(self) -> dict[str, object]:
        """The selected frame's locals: the dict pdb keeps (typeshed calls it a Mapping)."""
        return self.curframe_locals  # pyright: ignore[reportReturnType]

    def do_stepwise_locals(self, arg):
        namespace = self._locals
        title = "globals (module scope)" if namespace is self._frame.f_globals else "locals"
        self.message(bounded(listing(title, namespace)))

    def do_stepwise_globals(self, arg):
        self.message(bounded(listing("globals", self._frame.f_globals)))

    def _evaluate(self, code, mode: str):
        """Run ``code`` in one namespace merging the frame's globals and locals (as pdb's ``interact``
        does), so comprehensions, generator expressions and lambdas see the frame's locals; names the
        code binds or rebinds are written back to the frame's locals."""
        namespace = dict(self._frame.f_globals)
        namespace.update(self._locals)
        before = dict(namespace)
        try:
            return eval(code, namespace) if mode == "eval" else exec(code, namespace)
        finally:
            target = self._locals
            for name, value in namespace.items():
                if name != "__builtins__" and (name not in before or before[name] is not value):
                    target[name] = value
            for name in before:
                if name not in namespace and name in target:
                    del target[name]

    def do_stepwise_print(self, arg):
        try:
            expression = decode_argument(arg)
        except Exception as exc:
            self.message(f"Error: could not read the expression ({exc})")
            return
        try:
            value = self._evaluate(compile(expression, "<print_variable>", "eval"), "eval")
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
        try:
            try:
                code = compile(source, "<run_expression>", "eval")
            except SyntaxError:
                code = None
            if code is not None:
                self.message(bounded(safe_repr(self._evaluate(code, "eval"))))
                return
            self._evaluate(compile(source, "<run_expression>", "exec"), "exec")
            self.message("(statement executed)")
        except BaseException as exc:
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            self.message(f"Error: {detail}")


def repair_standard_streams() -> None:
    """After a run of the script ended: a ``sys.stdout``/``sys.stderr`` the program closed is replaced
    (pdb.main prints its restart notice there, and the next run starts fresh)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name, None)
        if stream is None or getattr(stream, "closed", False):
            original = getattr(sys, f"__{name}__", None)
            if original is None or original.closed:
                fd = os.dup(TERMINAL.fileno() if TERMINAL else 1)
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
    out = TERMINAL or sys.stdout
    out.write("\n--Interrupted: the program did not pause within the time limit--\n" + thread_dump() + "\n")
    out.flush()
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
    handshake()  # before anything of the program runs
    try:
        return run(argv)
    finally:
        if CHANNEL.pending and TERMINAL is not None:  # the run's end, with no prompt to carry it
            TERMINAL.write(CHANNEL.marker("R"))


def run(argv: list[str]) -> int:
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
        quiet = ["--no-header"] if int(pytest.__version__.split(".")[0]) >= 6 else []
        status = int(pytest.main([target, "--trace", "--pdb", "--pdbcls=stepwise_pdb:StepwisePdb", "-s",
                                  "-q", *quiet, "--tb=short", "-p", "no:cacheprovider", *argv[2:]],
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
    if spec is None or spec.loader is None:
        sys.exit(f"stepwise_pdb: cannot load {__file__}")
    agent = importlib.util.module_from_spec(spec)
    sys.modules["stepwise_pdb"] = agent
    spec.loader.exec_module(agent)
    sys.exit(agent.main(sys.argv[1:]))
