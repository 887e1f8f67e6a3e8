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
  the run ends instead of restarting forever)).
"""

from __future__ import annotations

import base64
import bdb
import faulthandler
import functools
import json
import os
import pdb
import re
import signal
import sys
import threading
import traceback
import types

import stepwise_tasks
import stepwise_threads
from stepwise_guard import GUARD
from stepwise_threads import HITS, PAUSES
from stepwise_values import capped, collapse, listing_record, safe_repr, split_statements, value_record

_urandom = os.urandom  # private references: the program may rebind the module attributes
_current_frames = sys._current_frames
_get_ident = threading.get_ident
_main_thread = threading.main_thread
_write = os.write
_dumps = json.dumps
_b64encode = base64.b64encode
THREAD_CAP = 20  # threads listed in one stop record


def is_main_thread() -> bool:
    return _get_ident() == _main_thread().ident
WORKSPACE = os.path.realpath(os.getcwd())  # the harness starts every run in the workspace (see handshake)
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
    return (frame.f_code.co_filename in ("<string>", "<debug_call>") and caller is not None
            and os.path.basename(caller.f_code.co_filename) == "bdb.py")


def shown_path(filename: str) -> str:
    if in_workspace(filename):
        return os.path.relpath(real_path(filename), WORKSPACE)
    return filename


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
            out.append(f"  ({library} frame{'' if library == 1 else 's'} in the standard library, pytest or the "
                       "debugger not shown)")
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
                    data = data[_write(self._out_fd, data):]
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
        CHANNEL.commit()  # cmd writes its prompt (our marker), then flushes: the marker is out

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
        self.written_tag: str | None = None  # the tag of the marker being written
        self.last_tag: str | None = None  # the tag of the last marker written (what stepwise_sync reports)

    def write(self, record: dict) -> None:
        if self.nonce is None:
            return
        self.seq += 1
        self.pending.append({"seq": self.seq, **record})

    def end(self, how: str, **details) -> None:
        self.write({"kind": "end", "how": how, "hits": HITS.take(), **details})
        self.fresh = True

    def marker(self, kind: str) -> str:
        """``P``: the end of an answer (pdb's prompt); ``R``: records of a run ending without a prompt."""
        if self.nonce is None:
            return "(Pdb) " if kind == "P" else ""
        data = _b64encode(_dumps(self.pending, default=str).encode("utf-8")).decode("ascii")
        self.pending = []
        if kind != "P":
            return f"[[stepwise:{self.nonce}:{kind}:{data}]]"
        # A fresh tag, made known (``last_tag``) only once the marker is written: a copy the program
        # prints before it cannot carry it, and the harness's sync asks which tag was the debugger's.
        self.written_tag = _urandom(8).hex()
        return f"[[stepwise:{self.nonce}:P:{self.written_tag}:{data}]]"

    def commit(self) -> None:
        if self.written_tag is not None:
            self.last_tag, self.written_tag = self.written_tag, None


CHANNEL = StopChannel()
SHARED_BREAKS: dict[str, list[int]] = {}
WATCHES: list[str] = []  # expressions shown at every stop
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
        program_stdin(hello.get("stdin"))


def program_stdin(path) -> None:
    """The program's standard input: the text the harness wrote for it (a file, removed once open), else
    nothing (input() gets EOF at once instead of waiting on the debugger's terminal forever)."""
    try:
        fd = os.open(path if isinstance(path, str) else os.devnull, os.O_RDONLY)
    except OSError:
        return
    if isinstance(path, str):
        try:
            os.unlink(path)
        except OSError:
            pass
    os.dup2(fd, 0)
    os.close(fd)


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

    def __init__(self, *args, thread_debugger: bool = False, **kwargs):
        kwargs["nosigint"] = True  # SIGINT is ours (see on_sigint); pdb must not swap handlers
        kwargs["readrc"] = False
        if TERMINAL is not None:  # answer on the debugger's own terminal, whatever the program did to sys.std*
            kwargs.setdefault("stdin", TERMINAL)
            kwargs.setdefault("stdout", TERMINAL)
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
    _reason = "step"
    _value: str | None = None
    _hit_breakpoint = False

    def _why(self, reason: str, value=None) -> None:
        self._reason = reason
        self._value = None if value is None else capped(safe_repr(value))

    def dispatch_line(self, frame):
        self._hit_breakpoint = False
        return super().dispatch_line(frame)

    def trace_dispatch(self, frame, event, arg):
        if PAUSES.all_stop and PAUSES.wait_if_held(frame, self):
            self.pause_for_switch(frame)  # switch_to handed the prompt to this thread
            return self.trace_dispatch
        return super().trace_dispatch(frame, event, arg)

    def pause_for_switch(self, frame) -> None:
        self._why("thread")
        self.interaction(frame, None)

    def break_here(self, frame):
        lines = self.breaks.get(self.canonic(frame.f_code.co_filename))
        if lines and frame.f_lineno in lines:  # the line ran, whether or not a condition stops it
            HITS.reached((shown_path(frame.f_code.co_filename), frame.f_lineno))
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
        if isinstance(exc_info[1], (StopIteration, StopAsyncIteration)) and exc_info[2] is None:
            return  # a generator or coroutine finishing (asyncio's own machinery): not the program's exception
        if isinstance(exc_info[1], SystemExit):
            # sys.exit() while stepping: run to the end, said once (bdb's private setter, not in typeshed)
            self._set_stopinfo(self.botframe, None, -1)  # pyright: ignore[reportAttributeAccessIssue]
            return
        self._why("exception", exc_info[1])
        self._exception = exception_line(exc_info[1])
        super().user_exception(frame, exc_info)

    _raised_in: dict | None = None  # post-mortem: the innermost frame, where the exception came from
    _exception: str | None = None  # the exception's line ("ValueError: ...") at an exception stop

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

    def setup(self, f, tb):
        result = super().setup(f, tb)
        self._raised_in = None
        if f is None and tb is not None:
            self._exception = exception_text(tb)
        if f is None and tb is not None and self.stack:
            # Post-mortem: pause in the model's own code, not in the library that raised.
            frame, lineno = self.stack[-1]
            self._raised_in = {"file": shown_path(frame.f_code.co_filename), "line": lineno,
                               "function": frame.f_code.co_name, "index": 0,
                               "workspace": in_workspace(frame.f_code.co_filename)}
            self._select_innermost_workspace_frame()
        elif self._reason == "thread":  # select_thread: the thread may be held inside the standard library
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
            CHANNEL.write(record)
            CHANNEL.fresh = False
        self._why("step")

    def _run(self, target):
        """``python -m pdb``'s run of the script (pdb.main restarts it after each end)."""
        CHANNEL.fresh = True
        HITS.take()  # counts are per run
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

    def runcall(self, func, /, *args, **kwds):
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
    def _frames_innermost_first(self):
        return list(reversed(self.stack))

    def do_stepwise_where(self, arg):
        """The stack as a record (the harness renders it): workspace frames innermost first, the selected
        one and the one that raised (post-mortem) always; a recursion's identical frames collapsed."""
        frames = self._frames_innermost_first()
        selected = len(self.stack) - 1 - self.curindex
        rows, skipped = [], 0
        for index, (frame, lineno) in enumerate(frames):
            filename = frame.f_code.co_filename
            raising = index == 0 and self._raised_in is not None  # post-mortem: the frame that raised
            if not in_workspace(filename) and index != selected and not raising:
                skipped += 1
                continue
            rows.append({"index": index, "file": shown_path(filename), "line": lineno,
                         "function": frame.f_code.co_name, "source": self._source_line(filename, lineno, frame),
                         "selected": index == selected, "raised": raising})
        CHANNEL.write({"kind": "stack", "frames": collapse(rows), "skipped": skipped})

    def _fail(self, message: str) -> None:
        """A command's refusal, as a record (the harness words it)."""
        CHANNEL.write({"kind": "error", "message": message})

    def do_stepwise_frame(self, arg):
        try:
            index = int(arg.strip())
        except ValueError:
            self._fail("select_frame needs an integer index from where_am_i, e.g. 1.")
            return
        if not 0 <= index < len(self.stack):
            self._fail(f"no frame {index}; the stack has frames 0 (innermost) to {len(self.stack) - 1}. "
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

    # --- threads ------------------------------------------------------------------------------
    def do_stepwise_threads(self, arg):
        CHANNEL.write({"kind": "threads", "threads": stepwise_threads.threads(_get_ident(), in_workspace, shown_path),
                       "current": stepwise_threads.thread_name()})

    def do_stepwise_thread(self, arg):
        """Hand the prompt to another thread (held at a line of Python code): it pauses where it is."""
        wanted = arg.strip()
        rows = stepwise_threads.threads(_get_ident(), in_workspace, shown_path)
        chosen = next((r for r in rows if r["name"] == wanted or str(r["ident"]) == wanted), None)
        if chosen is None:
            self._fail(f"no thread {wanted!r}; threads: " + ", ".join(r["name"] for r in rows) + ".")
            return None
        if chosen["ident"] == _get_ident():
            self._fail(f"{chosen['name']} is the thread paused here already.")
            return None
        if not PAUSES.switch_to(chosen["ident"]):
            self._fail(f"{chosen['name']} is not at a line of Python code now (blocked in a lock, a sleep, I/O or "
                       "native code, or not traced); list_threads shows where it is. Continue, and it pauses at "
                       "its next line once it runs.")
            return None
        self.set_continue()  # when this thread is let go again, it runs to its next breakpoint
        return 1

    def do_stepwise_alone(self, arg):
        """``stepwise_alone next``: resume this thread only; the others stay held."""
        self._alone = True
        return self.onecmd(arg)

    # --- breakpoints --------------------------------------------------------------------------
    def do_stepwise_break(self, arg):
        """``stepwise_break BASE64-JSON {file, line, condition, temporary}``: set one breakpoint; its
        number as a record (pdb's ``break`` answers in English)."""
        try:
            spec = json.loads(decode_argument(arg))
            condition = spec.get("condition") or None
            if condition is not None:
                compile(condition, "<condition>", "eval")
        except SyntaxError as exc:
            self._fail(f"the condition {spec.get('condition')!r} is not a Python expression ({exc.msg}).")
            return
        except Exception as exc:
            self._fail(f"could not read the breakpoint ({exc})")
            return
        filename = self.canonic(spec["file"])
        problem = self.set_break(filename, int(spec["line"]), bool(spec.get("temporary")), condition)
        if problem:
            self._fail(str(problem))
            return
        CHANNEL.write({"kind": "breakpoint", "number": self.get_breaks(filename, int(spec["line"]))[-1].number})

    # --- a call stepped into, watches -----------------------------------------------------------
    def do_stepwise_debug(self, arg):
        """Run an expression under a nested debugger (pdb's ``debug``): it pauses in the first function
        the expression calls (or at a breakpoint); when it ends, this frame is selected again and its value
        or exception is the answer."""
        try:
            source = decode_argument(arg)
            code = compile(source, "<debug_call>", "eval")
        except SyntaxError:
            self._fail("debug_call takes one expression that calls a function, e.g. td.tomorrow(case).")
            return
        except Exception as exc:
            self._fail(f"could not read the expression ({exc})")
            return
        nested = StepwisePdb(thread_debugger=True)
        nested.nested = True
        result: dict = {}
        sys.settrace(None)
        try:
            with GUARD.program_view():
                result["value"] = sys.call_tracing(nested.runeval, (code, self._frame.f_globals, self._locals))
        except bdb.BdbQuit:
            pass
        except BaseException as exc:
            result["error"] = exc
        finally:
            sys.settrace(self.trace_dispatch)
        self._why("frame")
        self.print_stack_entry(self.stack[self.curindex])  # back in this frame (a frame record)
        if "error" in result:
            self._fail(f"the call raised {exception_line(result['error'])}{raised_where(result['error'])}")
        else:
            record = value_record(source, result.get("value"))
            record["returned"] = True
            CHANNEL.write(record)

    def do_stepwise_watch(self, arg):
        """``stepwise_watch BASE64-JSON [expressions]``: shown at every stop from now on."""
        try:
            WATCHES[:] = [str(e) for e in json.loads(decode_argument(arg))]
        except Exception as exc:
            self._fail(f"could not read the watch list ({exc})")

    def _watch_values(self, frame) -> list[list[str]]:
        values = []
        for expression in WATCHES:
            try:
                with GUARD.program_view():
                    value = safe_repr(eval(expression, frame.f_globals, frame.f_locals))
            except BaseException as exc:
                value = f"<{exception_line(exc)}>"
            values.append([expression, capped(value)])
        return values

    def do_stepwise_tasks(self, arg):
        rows = stepwise_tasks.tasks(in_workspace, shown_path)
        if rows is None:
            self._fail("no asyncio event loop is running in the paused thread, so there are no tasks to list.")
            return
        CHANNEL.write({"kind": "tasks", "tasks": rows})

    def do_stepwise_sync(self, arg):
        """The harness's check after each answer: which marker the debugger wrote last."""
        CHANNEL.write({"kind": "sync", "answered": CHANNEL.last_tag})

    def do_stepwise_locals(self, arg):
        namespace = self._locals
        scope = "globals (module scope)" if namespace is self._frame.f_globals else "locals"
        CHANNEL.write(listing_record(scope, namespace))

    def do_stepwise_globals(self, arg):
        CHANNEL.write(listing_record("globals", self._frame.f_globals))

    def _evaluate(self, code, mode: str):
        """Run ``code`` in one namespace merging the frame's globals and locals (as pdb's ``interact``
        does), so comprehensions, generator expressions and lambdas see the frame's locals; names the
        code binds or rebinds are written back to the frame's locals."""
        namespace = dict(self._frame.f_globals)
        namespace.update(self._locals)
        before = dict(namespace)
        try:
            with GUARD.program_view():  # the expression sees the program's builtins
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
            self._fail(f"could not read the expression ({exc})")
            return
        try:
            value = self._evaluate(compile(expression, "<print_variable>", "eval"), "eval")
        except BaseException as exc:
            self._fail(f"{type(exc).__name__}: {exc}")
            return
        CHANNEL.write(value_record(expression, value))

    def do_stepwise_run(self, arg):
        try:
            source = decode_argument(arg)
        except Exception as exc:
            self._fail(f"could not read the expression ({exc})")
            return
        try:
            try:
                code = compile(source, "<run_expression>", "eval")
            except SyntaxError:
                code = None
            if code is not None:
                CHANNEL.write(value_record(source, self._evaluate(code, "eval")))
                return
            statements, last = split_statements(source)
            self._evaluate(statements, "exec")
            value = None if last is None else self._evaluate(last, "eval")
            if value is None:  # pdb shows nothing for None: a statement, or a call made for its effect
                CHANNEL.write({"kind": "executed", "expression": source})
            else:  # `stmt; expr` shows the value of expr, as pdb does
                CHANNEL.write(value_record(source, value))
        except BaseException as exc:
            detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            self._fail(detail)


def exception_line(exc) -> str | None:
    if exc is None:
        return None
    try:
        return traceback.format_exception_only(type(exc), exc)[-1].strip()[:500]
    except BaseException:  # a broken __str__: the type still says something
        return type(exc).__name__


def raised_where(exc) -> str:
    """`` (raised at FILE:LINE in FUNCTION)``: the innermost workspace frame of an exception's traceback."""
    where, tb = "", getattr(exc, "__traceback__", None)
    while tb is not None:
        if in_workspace(tb.tb_frame.f_code.co_filename):
            where = (f" (raised at {shown_path(tb.tb_frame.f_code.co_filename)}:{tb.tb_lineno} in "
                     f"{tb.tb_frame.f_code.co_name})")
        tb = tb.tb_next
    return where


def exception_text(tb) -> str | None:
    """The exception a post-mortem traceback belongs to: the one being handled (python -m pdb), else the
    one pytest kept in ``sys.last_value`` before entering the debugger."""
    candidates = [sys.exc_info()[1], getattr(sys, "last_value", None)]
    for exc in candidates:
        if exc is not None and getattr(exc, "__traceback__", None) is tb:
            return exception_line(exc)
    return exception_line(next((exc for exc in candidates if exc is not None), None))


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
    if spec is None or spec.loader is None:
        sys.exit(f"stepwise_pdb: cannot load {__file__}")
    agent = importlib.util.module_from_spec(spec)
    sys.modules["stepwise_pdb"] = agent
    spec.loader.exec_module(agent)
    sys.exit(agent.main(sys.argv[1:]))
