"""Reading the debugger's answers (DESIGN.md, "Observation"): where the program stopped and why,
the stack, and the values an inspection showed.

The answers are the harness's own normalized text, so the patterns here follow
``harness/debugger``'s wording; an answer that matches none of them reads as "no stop", which at
worst makes a scorer see less, never crash.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from harness.tools import CONTROL_TOOLS

_ENVELOPE_OPEN = re.compile(r"^\s*<execution_position[^>]*>\s*\n?")
_ENVELOPE_CLOSE = re.compile(r"\n?</execution_position>\s*$")
_FRAME = re.compile(r"^(?P<file>[^\s:][^:\n]*?):(?P<line>\d+) in (?P<function>[\w<>.]+)\(\)\s*$", re.MULTILINE)
_STACK_ROW = re.compile(r"^[> ]\s*\[(?P<index>\d+)\] (?P<file>[^\s:][^:\n]*?):(?P<line>\d+) in (?P<function>[\w<>.]+)",
                        re.MULTILINE)
_LOCAL_ROW = re.compile(r"^  (?P<name>[A-Za-z_][\w.]*) = (?P<value>.*)$", re.MULTILINE)
_EXCEPTION_LINE = re.compile(r"^E\s+(?P<text>[\w.]*\w(?:Error|Exception|Exit|Interrupt|Warning)\b.*)$|"
                             r"^(?P<bare>[\w.]*\w(?:Error|Exception)): .*$", re.MULTILINE)



@dataclass(frozen=True)
class Frame:
    file: str
    line: int
    function: str


@dataclass(frozen=True)
class Stop:
    """Where a start, a control call or select_frame left the program, and why.

    kind: ``start`` (paused at the start), ``hit`` (a breakpoint), ``step`` (a step landed),
    ``exception`` (post-mortem at the raising frame), ``restart`` (the program ran to its end and
    the debugger restarted), ``interrupt`` (it did not pause in time), ``frame`` (select_frame).
    """

    kind: str
    frame: Frame | None
    exception: str | None = None


def body(text: str) -> str:
    """The answer without its ``<execution_position>`` envelope."""
    return _ENVELOPE_CLOSE.sub("", _ENVELOPE_OPEN.sub("", text, count=1), count=1)


def first_frame(text: str) -> Frame | None:
    match = _FRAME.search(text)
    if match is None:
        return None
    return Frame(match["file"], int(match["line"]), match["function"])


def last_frame(text: str) -> Frame | None:
    """The frame line the answer ends on (after a traceback, that is where the debugger paused)."""
    frame = None
    for match in _FRAME.finditer(text):
        frame = Frame(match["file"], int(match["line"]), match["function"])
    return frame


def stack(text: str) -> list[tuple[int, Frame]]:
    """where_am_i's rows: (index, frame), innermost first."""
    return [(int(m["index"]), Frame(m["file"], int(m["line"]), m["function"])) for m in _STACK_ROW.finditer(text)]


def exception_of(text: str) -> str | None:
    match = _EXCEPTION_LINE.search(text)
    if match is None:
        return None
    found = (match["text"] or match.group(0)).strip()
    return found[:200]


def stop_of(tool: str, text: str, position: tuple[str, int] | None, error: bool) -> Stop | None:
    """The stop a start_debugger, control or select_frame answer reports; None for other answers."""
    if error or position is None:
        return None
    if tool == "start_debugger":
        return Stop("start", last_frame(text) or Frame(position[0], position[1], ""))
    if tool == "select_frame":
        return Stop("frame", first_frame(text) or Frame(position[0], position[1], ""))
    if tool not in CONTROL_TOOLS:
        return None
    frame = last_frame(text) or Frame(position[0], position[1], "")
    # Why it stopped is the harness's own first line; what follows may be the program's output, which
    # can say anything (a run that ended also lists the tests that paused post-mortem on the way).
    lead = body(text).lstrip().split("\n", 1)[0]
    if "ran to its end" in lead or "debugger restarted" in lead.lower() or "program finished" in lead:
        return Stop("restart", frame)
    if "paused post-mortem" in lead or "uncaught exception" in lead:
        return Stop("exception", frame, exception_of(text))
    if "did not pause" in lead or "interrupted" in lead:
        return Stop("interrupt", frame)
    return Stop("hit" if tool == "continue_execution" else "step", frame)


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
