"""The ``stepwise_*`` commands of the in-process debugger (a mixin of ``StepwisePdb``; a sibling of
``stepwise_pdb``: standard library only). Each answers with records (see stepwise_values); the harness
renders the model's text from them."""

from __future__ import annotations

import bdb
import json
import sys
import traceback
import types

import stepwise_tasks
import stepwise_threads
from stepwise_channel import CHANNEL, decode_argument, exception_line, in_workspace, raised_where, shown_path
from stepwise_guard import GUARD
from stepwise_records import StopReasons
from stepwise_threads import PAUSES
from stepwise_values import capped, collapse, listing_record, safe_repr, split_statements, value_record

_get_ident = stepwise_threads._get_ident
WATCHES: list[str] = []  # expressions shown at every stop


class StepwiseCommands(StopReasons):
    """The commands; ``StepwisePdb`` (its subclass) is the debugger."""

    _alone = False
    nested = False  # the debugger debug_call made

    def __init__(self, *args, thread_debugger: bool = False, **kwargs):
        super().__init__(*args, **kwargs)

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
        nested = type(self)(thread_debugger=True)
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
