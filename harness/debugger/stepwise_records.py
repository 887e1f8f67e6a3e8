"""The records the in-process debugger writes about the program (see stepwise_pdb): why it stopped
(``StopReasons``, the bdb hooks that name each pause), the workspace frames of a stop, where every
thread is (``thread_dump``), which tests ran (``TestRecords``) and why a test module could not be collected
(``collection_errors``). Standard library only, imported by
name from this folder like its siblings.
"""

from __future__ import annotations

import os
import pdb
import sys
import sysconfig
import threading
import traceback

from stepwise_channel import (
    CHANNEL,
    RUNNER_FILES,
    exception_line,
    exception_text,
    in_workspace,
    is_runner,
    shown_path,
)
from stepwise_comprehensions import (
    COMPREHENSIONS,
    conditional,
    conditions_need_items,
    owns_comprehension,
    same_line_as_outer,
)
from stepwise_guard import GUARD
from stepwise_threads import HITS
from stepwise_values import capped, safe_repr

FRAME_CAP = 60  # workspace frames listed in one stop record (a deep recursion is cut, innermost kept)


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


class StopReasons(pdb.Pdb):
    """bdb's hooks, each naming why the program paused (the ``reason`` of the next stop record)."""

    _reason = "step"
    _value: str | None = None
    _hit_breakpoint = False

    def _why(self, reason: str, value=None) -> None:
        self._reason = reason
        self._value = None if value is None else capped(safe_repr(value))

    _line_counted = False  # this line's breakpoint was counted (break_here is not asked while stepping)
    _skipped: dict[str | None, bool] | None = None  # module name -> in a skipped module (is_skipped_module)

    def dispatch_line(self, frame):
        self._hit_breakpoint = self._line_counted = False
        return super().dispatch_line(frame)

    def _count_reached(self, frame) -> None:
        lines = self.breaks.get(self.canonic(frame.f_code.co_filename))
        if lines and frame.f_lineno in lines:  # the line ran, whether or not a condition stops it
            HITS.reached((shown_path(frame.f_code.co_filename), frame.f_lineno))
        self._line_counted = True

    def break_here(self, frame):
        # Asked at every line of a traced frame (a breakpoint in its file): the common answer, no breakpoint
        # on this line, is given here without bdb's second lookup.
        self._line_counted = True
        code = frame.f_code
        lines = self.breaks.get(self.canonic(code.co_filename))
        if not lines:
            return False
        if frame.f_lineno in lines:
            filename = self.canonic(code.co_filename)
            if code.co_name in COMPREHENSIONS and same_line_as_outer(frame):
                if not conditional(filename, frame.f_lineno) or conditions_need_items(frame, filename):
                    return False  # stopped once already, in the enclosing frame (or its variable is not bound yet)
            else:
                HITS.reached((shown_path(code.co_filename), frame.f_lineno))  # ran, whether or not a condition holds
                if owns_comprehension(code, frame.f_lineno) and conditions_need_items(frame, filename):
                    return False  # the comprehension's frames decide (its variable is not defined here)
        elif code.co_firstlineno not in lines:  # bdb's other case: a breakpoint on the def line
            return False
        hit = super().break_here(frame)
        self._hit_breakpoint = self._hit_breakpoint or bool(hit)
        return hit

    def is_skipped_module(self, module_name):
        """bdb asks at every traced event (stop_here), matching each skip pattern with fnmatch: several
        microseconds a line. The answer for a module name never changes, so it is kept."""
        if self._skipped is None:
            self._skipped = {}
        skipped = self._skipped.get(module_name)
        if skipped is None:
            skipped = self._skipped[module_name] = bool(super().is_skipped_module(module_name))
        return skipped

    def stop_here(self, frame):
        if frame.f_code.co_filename in RUNNER_FILES and is_runner(frame):
            return False  # pdb's own `exec(...)` around the script: nothing of the program is there
        return super().stop_here(frame)

    def user_call(self, frame, argument_list):
        self._why("call")
        if not self.stop_here(frame):  # bdb asks at every call into a file with a breakpoint; pdb stops only here
            return
        with GUARD:  # pdb prints its --Call--/--Return-- line before the prompt
            super().user_call(frame, argument_list)

    def user_line(self, frame):
        if not self._line_counted:  # a step stopped here: the line runs all the same
            self._count_reached(frame)
        self._why("breakpoint" if self._hit_breakpoint else "step")
        with GUARD:  # pdb's own work before the prompt
            super().user_line(frame)

    def user_return(self, frame, return_value):
        if frame.f_back is not None and is_runner(frame.f_back):
            return  # the script's last line has run: it ends (said once, by its end record), no --Return--
        self._why("return", return_value)
        with GUARD:  # pdb prints its --Call--/--Return-- line before the prompt
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
        with GUARD:  # pdb prints the exception before the prompt
            super().user_exception(frame, exc_info)

    _raised_in: dict | None = None  # post-mortem: the innermost frame, where the exception came from
    _exception: str | None = None  # the exception's line ("ValueError: ...") at an exception stop

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


def installation_folders(pytest) -> list[str]:
    """Where this interpreter's libraries are installed (its standard library, its site-packages, the
    folder pytest was imported from), longest first, each ending in a separator: the prefixes a
    library's path loses when the harness shows it."""
    paths = sysconfig.get_paths()
    folders = {paths.get(key) for key in ("stdlib", "platstdlib", "purelib", "platlib")}
    folders.add(os.path.dirname(os.path.dirname(os.path.abspath(pytest.__file__))))
    known = {os.path.join(path, "") for folder in folders if folder
             for path in (os.path.abspath(folder), os.path.realpath(folder))}
    return sorted(known, key=len, reverse=True)


def collection_errors(pytest):
    """A pytest plugin writing ``{"kind": "collect_error", "nodeid", "text", "installed"}`` when a test
    module cannot be collected, before --pdb pauses inside pytest: pytest's error text and the folders
    this interpreter's libraries are installed in, so the harness shows the error from the record."""
    class CollectionErrors:
        @pytest.hookimpl(tryfirst=True)
        def pytest_exception_interact(self, report):
            if getattr(report, "when", "collect") == "collect" and report.failed:
                CHANNEL.write({"kind": "collect_error", "nodeid": report.nodeid, "text": report.longreprtext,
                               "installed": installation_folders(pytest)})

    return CollectionErrors()
