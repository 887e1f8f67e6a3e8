"""Threads for the in-process debugger (a sibling of ``stepwise_pdb``: standard library only).

- Every thread the program starts is traced (``threading.settrace``) by a debugger of its own, so a
  breakpoint fires in whichever thread runs the line; breakpoints are one shared table.
- All-stop: while one thread is paused at the prompt, every other thread is held at its next traced
  event (their running frames are given a trace function so a loop without calls is held too). A
  resume lets them all run, or (``only``) just the paused thread, so a race can be watched.
- One thread talks to the harness at a time; ``switch_to`` hands the prompt to a held thread.
- Per-thread counts of every breakpoint line reached, for the end-of-run summary.
"""

from __future__ import annotations

import _thread
import sys
import threading
from typing import Any

_get_ident = _thread.get_ident  # private references: the program may rebind module attributes
_current_frames = sys._current_frames
_enumerate = threading.enumerate
_main_thread = threading.main_thread
_Condition = threading.Condition
_Lock = _thread.allocate_lock


class Pauses:
    """Who holds the prompt, and whether the others are held."""

    def __init__(self):
        self.cond = _Condition(_thread.RLock())  # reentrant: the debugger's own frames may be traced
        self.holder: int | None = None  # the thread at the prompt
        self.handover: int | None = None  # the thread the prompt goes to next (switch_to)
        self.runner: int | None = None  # resumed alone: the others stay held
        self.all_stop = False  # the other threads are held
        self.held: dict[int, tuple] = {}  # thread -> (frame, debugger) where it waits
        self.depth = 0  # prompts the holder has open (a nested debugger inside a command)
        self.handed = False  # the holder got the prompt from switch_to and has not taken it yet

    def must_wait(self) -> bool:
        """Cheap, without the lock (asked at every traced event): is another thread paused?"""
        me = _get_ident()
        return self.all_stop and self.holder != me and self.runner != me

    def wait_if_held(self, frame, debugger) -> bool:
        """Called at traced events of every thread: wait while another thread is paused. True when the
        prompt was handed to this thread (switch_to): the caller pauses it at ``frame``."""
        me = _get_ident()
        with self.cond:
            if not (self.all_stop and self.holder != me and self.runner != me):
                return False
            self.held[me] = (frame, debugger)
            try:
                while self.all_stop and self.holder != me and self.runner != me:
                    self.cond.wait()
            finally:
                self.held.pop(me, None)
            return self.holder == me

    def enter(self) -> None:
        """Take the prompt (wait for another thread's turn to end), and hold every other thread."""
        me = _get_ident()
        with self.cond:
            if self.holder == me and self.handed:  # switch_to gave this thread the prompt
                self.handed = False
                self.all_stop, self.runner = True, None
                return
            if self.holder == me:  # a nested debugger (debug_call) inside this thread's command
                self.depth += 1
                return
            while self.holder not in (None, me):
                self.held[me] = (None, None)
                self.cond.wait()
            self.held.pop(me, None)
            self.holder, self.all_stop, self.runner = me, True, None
        hold_running_frames(me)

    def leave(self, alone: bool, frame, debugger) -> None:
        """Give the prompt back: to a thread chosen with switch_to (this one is then held at ``frame``,
        and can be switched back to), else every thread runs (``alone``: only this one)."""
        me = _get_ident()
        with self.cond:
            if self.depth and self.holder == me:
                self.depth -= 1
                return
            if self.handover is None:
                self.holder = None
                self.runner = me if alone else None
                self.all_stop = alone
                self.cond.notify_all()
                return
            self.holder, self.handover, self.handed = self.handover, None, True
            self.cond.notify_all()
        if self.wait_if_held(frame, debugger) and frame is not None:
            debugger.pause_for_switch(frame)

    def switch_to(self, ident: int) -> bool:
        """Hand the prompt to a held thread when the current one leaves it; False if it is not held at a
        line of Python code."""
        with self.cond:
            frame, _ = self.held.get(ident, (None, None))
            if frame is None:
                return False
            self.handover = ident
            return True


PAUSES = Pauses()
_debuggers: dict[int, Any] = {}  # thread -> its debugger (made on its first traced call)


def _hold_trace(frame, event, arg):
    debugger = _debuggers.get(_get_ident())
    if debugger is not None and PAUSES.must_wait() and PAUSES.wait_if_held(frame, debugger):
        debugger.pause_for_switch(frame)
        frame.f_trace = debugger.trace_dispatch  # stepping in this thread goes on from here
        return debugger.trace_dispatch
    return _hold_trace if PAUSES.all_stop else None


def hold_running_frames(me: int) -> None:
    """Give the running frames of every other traced thread a trace function, so a thread in a loop
    without calls is held at its next line too."""
    for ident, frame in _current_frames().items():
        if ident == me or ident not in _debuggers:
            continue
        while frame is not None:
            if frame.f_trace is None:
                frame.f_trace = _hold_trace
            frame = frame.f_back


def install(make_debugger) -> None:
    """Trace every thread the program starts from now on with a debugger of its own."""
    def thread_trace(frame, event, arg):
        me = _get_ident()
        debugger = _debuggers.get(me)
        if debugger is None:
            debugger = _debuggers[me] = make_debugger()
        return debugger.trace_dispatch(frame, event, arg)

    threading.settrace(thread_trace)


def register(debugger) -> None:
    """The debugger of the current thread (the main thread's is made by pdb or pytest)."""
    _debuggers[_get_ident()] = debugger


def thread_name(ident: int | None = None) -> str:
    ident = _get_ident() if ident is None else ident
    for thread in _enumerate():
        if thread.ident == ident:
            return thread.name
    return f"thread {ident}"


def threads(me: int, in_workspace, shown_path) -> list[dict]:
    """Every thread: name, id, where it is (innermost workspace frame) and its state."""
    names = {t.ident: t for t in _enumerate()}
    out = []
    for ident, frame in _current_frames().items():
        thread = names.get(ident)
        where = frame
        while where is not None and not in_workspace(where.f_code.co_filename):
            where = where.f_back
        state = "paused here" if ident == me else "held" if ident in PAUSES.held else "running (or blocked)"
        row = {"ident": ident, "name": thread.name if thread else f"thread {ident}", "state": state,
               "main": thread is _main_thread() if thread else False}
        if where is not None:
            row.update(file=shown_path(where.f_code.co_filename), line=where.f_lineno, function=where.f_code.co_name)
        out.append(row)
    return sorted(out, key=lambda row: (not row["main"], row["name"]))


class Hits:
    """Breakpoint lines reached, per line and thread, in the current run (a condition that did not hold
    still counts: the line ran)."""

    def __init__(self):
        self.counts: dict[tuple[str, int], dict[str, int]] = {}
        self.lock = _Lock()

    def reached(self, where: tuple[str, int]) -> None:
        name = thread_name()
        with self.lock:
            per_thread = self.counts.setdefault(where, {})
            per_thread[name] = per_thread.get(name, 0) + 1

    def take(self) -> list[list]:
        with self.lock:
            found, self.counts = self.counts, {}
        return [[file, line, per_thread] for (file, line), per_thread in found.items()]


HITS = Hits()
