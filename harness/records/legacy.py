"""Reading a debugger answer's text back into a ``DebuggerRecord``: the legacy-document upgrade only.

A step recorded before steps carried a record has nothing but its text; ``legacy_record`` reads what
it can from it. A live session never comes here: values, stacks and exceptions travel as records from
the in-process debugger (``render`` makes the model's text from them). An answer that matches none of
the patterns reads as "nothing", which at worst makes a consumer see less, never crash.
"""

from __future__ import annotations

import re

from harness.records.debugger import BreakpointChange, DebuggerRecord, Frame, Stop

# The tools whose answers a step recorded before steps carried a record can hold: frozen on purpose
# (a tool added since always records its own), not derived from the catalogue's groups.
CONTROL = frozenset({"continue_execution", "step_over", "step_into", "step_out"})
INSPECTIONS = frozenset({"print_variable", "examine_locals", "examine_globals", "run_expression"})

_ENVELOPE_OPEN = re.compile(r"^\s*<execution_position[^>]*>\s*\n?")
_ENVELOPE_CLOSE = re.compile(r"\n?</execution_position>\s*$")
_FRAME = re.compile(r"^(?P<file>[^\s:][^:\n]*?):(?P<line>\d+) in (?P<function>[\w<>.]+)\(\)\s*$", re.MULTILINE)
_STACK_ROW = re.compile(r"^(?P<mark>[> ])\s*\[(?P<index>\d+)\] (?P<file>[^\s:][^:\n]*?):(?P<line>\d+) in "
                        r"(?P<function>[\w<>.]+)", re.MULTILINE)
_LOCAL_ROW = re.compile(r"^  (?P<name>[A-Za-z_][\w.]*) = (?P<value>.*)$", re.MULTILINE)
_EXCEPTION_LINE = re.compile(r"^E\s+(?P<text>[\w.]*\w(?:Error|Exception|Exit|Interrupt|Warning)\b.*)$|"
                             r"^(?P<bare>[\w.]*\w(?:Error|Exception)): .*$", re.MULTILINE)
_BREAKPOINT = re.compile(r"^(?P<file>\S+?):(?P<line>\d+): breakpoint (?P<what>set|removed)(?: \(.*\))?\s*$",
                         re.MULTILINE)
_DROPPED = re.compile(r"breakpoint (?P<file>\S+?):(?P<line>\d+) removed", re.MULTILINE)


def body(text: str) -> str:
    """The answer without its ``<execution_position>`` envelope."""
    return _ENVELOPE_CLOSE.sub("", _ENVELOPE_OPEN.sub("", text, count=1), count=1)


def _frame(match: re.Match) -> Frame:
    return Frame(match["file"], int(match["line"]), match["function"])


def first_frame(text: str) -> Frame | None:
    match = _FRAME.search(text)
    return None if match is None else _frame(match)


def last_frame(text: str) -> Frame | None:
    """The frame line the answer ends on (after a traceback, that is where the debugger paused)."""
    frame = None
    for match in _FRAME.finditer(text):
        frame = _frame(match)
    return frame


def stack(text: str) -> tuple[list[Frame], int | None]:
    """where_am_i's rows, innermost first, and which of them is selected (its ``>`` row)."""
    frames, selected = [], None
    for match in _STACK_ROW.finditer(text):
        if match["mark"] == ">":
            selected = len(frames)
        frames.append(_frame(match))
    return frames, selected


def exception_of(text: str) -> str | None:
    match = _EXCEPTION_LINE.search(text)
    if match is None:
        return None
    return (match["text"] or match.group(0)).strip()[:200]


def shown_values(tool: str, arguments: dict, text: str) -> list[tuple[str, str]]:
    """(what was asked or listed, the value shown) pairs of an inspection's answer."""
    content = body(text).strip()
    if tool in ("examine_locals", "examine_globals"):
        return [(m["name"], m["value"].strip()) for m in _LOCAL_ROW.finditer(content)]
    if tool == "print_variable":
        name = given if isinstance(given := arguments.get("name"), str) else ""
        prefix = f"{name} = "
        value = content[len(prefix):] if name and content.startswith(prefix) else content
        return [(name, value)]
    if tool == "run_expression":
        expression = given if isinstance(given := arguments.get("expression"), str) else ""
        return [(expression, content)]
    return []


def _legacy_stop(tool: str, text: str) -> tuple[Stop, Frame | None] | None:
    if tool == "start_debugger":
        return Stop("start"), last_frame(text)
    if tool == "select_frame":
        return Stop("frame"), first_frame(text)
    if tool not in CONTROL:
        return None
    frame = last_frame(text)
    # Why it stopped is the harness's own first line; what follows may be the program's output, which
    # can say anything (a run that ended also lists the tests that paused post-mortem on the way).
    lead = body(text).lstrip().split("\n", 1)[0]
    if "ran to its end" in lead or "debugger restarted" in lead.lower() or "program finished" in lead:
        return Stop("restart"), frame
    if "paused post-mortem" in lead or "uncaught exception" in lead:
        return Stop("exception", exception_of(text)), frame
    if "did not pause" in lead or "interrupted" in lead:
        return Stop("interrupt"), frame
    return Stop("hit" if tool == "continue_execution" else "step"), frame


def breakpoint_changes(text: str) -> list[BreakpointChange]:
    """The breakpoints an answer says it set or removed (its own lines, and those an edit dropped)."""
    changes = [BreakpointChange(m["file"], int(m["line"]), m["what"] == "set") for m in _BREAKPOINT.finditer(text)]
    return changes + [BreakpointChange(m["file"], int(m["line"]), False) for m in _DROPPED.finditer(text)]


def legacy_record(tool: str, arguments, text: str, position: tuple[str, int] | None,
                  error: bool) -> DebuggerRecord:
    """The record of a step recorded before steps carried one, read from its text. Its breakpoints are
    unknown (None): only what this step set and removed is (``changes``)."""
    record = DebuggerRecord(position=position, breakpoints=None, changes=breakpoint_changes(text))
    if error:
        return record
    if tool in INSPECTIONS:
        record.values = shown_values(tool, arguments if isinstance(arguments, dict) else {}, text)
    if position is None:
        return record
    found = _legacy_stop(tool, text)
    if found is not None:
        record.stop, frame = found
        record.frames = [frame or Frame(position[0], position[1], "")]
        record.selected = 0
    elif tool == "where_am_i":
        record.frames, record.selected = stack(text)
    return record
