"""The in-process debugger's channel to the harness (a sibling of ``stepwise_pdb``: standard library
only): its own terminal, the stop records and answer markers, the handshake, and the path and exception
helpers every part uses. See stepwise_pdb for the protocol."""

from __future__ import annotations

import base64
import functools
import json
import os
import re
import sys
import traceback

_urandom = os.urandom  # private references: the program may rebind the module attributes
_write = os.write
_dumps = json.dumps
_b64encode = base64.b64encode
WORKSPACE = os.path.realpath(os.getcwd())  # the harness starts every run in the workspace (see handshake)
NONCE = re.compile(r"^([0-9a-f]{32}) ")


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


RUNNER_FILES = ("<string>", "<debug_call>")  # the file names of the frames is_runner may accept


def is_runner(frame) -> bool:
    """pdb's ``exec(compile(...))`` frame that runs the script (``<string>``, called from bdb.run)."""
    caller = frame.f_back
    return (frame.f_code.co_filename in RUNNER_FILES and caller is not None
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
        from stepwise_threads import HITS  # a sibling that imports nothing of ours

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
