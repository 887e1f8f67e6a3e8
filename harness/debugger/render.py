"""The model's text, rendered from the records the in-process debugger writes (values, stacks, refusals).

The records are the facts (``DebuggerRecord.values`` and ``frames`` come from them); the text is made
from them here and never parsed back. Standard library only: the sandboxed session imports it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from harness.debugger.filtering import Cut
from harness.records.debugger import Frame

ANSWER_KINDS = ("values", "value", "executed", "stack", "error", "threads", "tasks")
THREADS_NAMED = 8  # other threads named on a stop's thread line
NAME_CAP = 200  # characters of an expression repeated in front of its value


@dataclass
class Rendered:
    """One command's answer: its text, whether it is a refusal, and the facts it showed."""

    text: str
    error: bool = False
    values: list[tuple[str, str]] = field(default_factory=list)
    frames: list[Frame] | None = None  # a stack's rows, innermost first (None: not a stack)
    selected: int | None = None


def plural(count: int, noun: str, many: str | None = None) -> str:
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def cut_of(record: dict) -> Cut | None:
    """The cut the in-process debugger made in a long value (its record's count and hash), else None."""
    dropped = record.get("dropped_bytes")
    if not isinstance(dropped, int) or isinstance(dropped, bool) or dropped <= 0:
        return None
    return Cut(dropped, str(record.get("sha1")))


def truncation(record: dict) -> str:
    cut = cut_of(record)
    return f"\n{cut.mark}" if cut is not None else ""


def _indented(value: str) -> str:
    """A multi-line value under its name: continuation lines indented, so rows stay apart."""
    return value.replace("\n", "\n      ")


def _values(record: dict) -> Rendered:
    rows = [(str(r[0]), str(r[1])) for r in record.get("values") or [] if isinstance(r, list) and len(r) == 2]
    lines = [f"  {name} = {_indented(value)}" for name, value in rows]
    if record.get("builtins"):
        lines.append("  __builtins__ = <filtered>")
    hidden = record.get("hidden")
    if isinstance(hidden, int) and hidden:
        lines.append(f"  ... {plural(hidden, 'more entry', 'more entries')} not shown; use print_variable(name) "
                     "for one of them")
    return Rendered(f"{record.get('scope')}:\n" + "\n".join(lines or ["  (none)"]), values=rows)


def _value(record: dict, tool: str) -> Rendered:
    expression, value = str(record.get("expression") or ""), str(record.get("value"))
    shown = f"{value}{truncation(record)}"
    if record.get("returned"):
        shown = f"The call {expression} returned {shown}; back where you were."
    elif tool == "print_variable":
        cut = expression if len(expression) <= NAME_CAP else f"{expression[:NAME_CAP]}...<+{len(expression) - NAME_CAP} chars>"
        shown = f"{cut} = {shown}"
    return Rendered(shown, values=[(expression, value)])


def _stack(record: dict) -> Rendered:
    lines, frames, selected = [], [], None
    for row in record.get("frames") or []:
        if not isinstance(row, dict):
            continue
        where = f"{row.get('file')}:{row.get('line')} in {row.get('function')}"
        if "repeat" in row:
            lines.append(f"  [frames {row.get('first')}–{row.get('last')}: {row.get('repeat')} × {where}]")
            continue
        if row.get("selected"):
            selected = len(frames)
        frames.append(Frame(str(row.get("file")), int(row.get("line") or 0), str(row.get("function"))))
        note = "  <- raised here" if row.get("raised") else ""
        lines.append(f"{'>' if row.get('selected') else ' '} [{row.get('index')}] {where}: {row.get('source') or ''}"
                     f"{note}")
    skipped = record.get("skipped")
    if isinstance(skipped, int) and skipped:
        lines.append(f"  ({plural(skipped, 'frame')} in the standard library, pytest or the debugger not shown)")
    return Rendered("stack (innermost first; select_frame(index) to inspect another frame):\n" + "\n".join(lines),
                    frames=frames, selected=selected)


def _where(row: dict) -> str:
    return f"{row.get('file')}:{row.get('line')} in {row.get('function')}" if row.get("file") else "outside the workspace"


def _threads(record: dict) -> Rendered:
    rows = [r for r in record.get("threads") or [] if isinstance(r, dict)]
    lines = [f"{'>' if r.get('state') == 'paused here' else ' '} {r.get('name')}{' (main)' if r.get('main') else ''}"
             f" [id {r.get('ident')}]: {r.get('state')}, at {_where(r)}" for r in rows]
    return Rendered(f"{plural(len(rows), 'thread')} (select_thread(thread=name) pauses another one where it is):\n"
                    + "\n".join(lines))


def _tasks(record: dict) -> Rendered:
    rows = [r for r in record.get("tasks") or [] if isinstance(r, dict)]
    lines = [f"{'>' if r.get('current') else ' '} {r.get('name')}: {'running (paused here)' if r.get('current') else 'waiting'}"
             f" at {_where(r)}" + (f", awaiting {r.get('awaiting')}" if r.get("awaiting") else "") for r in rows]
    return Rendered(f"{plural(len(rows), 'asyncio task')} not finished:\n" + "\n".join(lines))


def thread_line(stop: dict) -> str:
    """Which thread a stop is in, and where the others are, when the program has several."""
    others = [r for r in stop.get("threads") or [] if isinstance(r, dict) and r.get("state") != "paused here"]
    if not others:
        return f"Thread: {stop.get('thread')} (the only thread)."
    named = ", ".join(f"{r.get('name')} ({r.get('state')}, {_where(r)})" for r in others[:THREADS_NAMED])
    more = f" and {len(others) - THREADS_NAMED} more" if len(others) > THREADS_NAMED else ""
    return (f"Thread: {stop.get('thread')} stopped; the other threads are held while paused: {named}{more}. "
            "list_threads / select_thread to look at them.")


def position(record: dict, shown_file: str) -> str:
    """Where a stop or frame record says the program is paused: ``file:line in function()`` (with the value
    a return hands back), then that line's source (pdb prints no position line of its own)."""
    where = f"{shown_file}:{record.get('line')} in {record.get('function')}()"
    if record.get("kind") == "stop" and record.get("reason") == "return" and "value" in record:
        where += f" returning {record.get('value')}"
    source = record.get("source")
    return f"{where}\n-> {source}" if source else where


def stop_notes(stop: dict) -> list[str]:
    """What a stop adds below its position: the watched expressions, and the way back from a call
    stepped into with debug_call."""
    notes = [f"watch: {w[0]} = {w[1]}" for w in stop.get("watches") or [] if isinstance(w, list) and len(w) == 2]
    yielded = stop.get("yielded")
    if isinstance(yielded, dict):
        notes.append(yield_note(yielded, stop))
    if stop.get("nested"):
        notes.append("(inside the call debug_call made: a nested debugger with its own stack; continue_execution "
                     "runs the call to its end and comes back to where you were, showing its value)")
    return notes


def yield_note(yielded: dict, stop: dict) -> str:
    """What a step over (or onto) a ``yield`` handed to the generator's caller."""
    function, value = yielded.get("function"), yielded.get("value")
    where = f"{yielded.get('file')}:{yielded.get('line')}"
    if stop.get("reason") == "return":  # paused at the yield itself: pdb's "returning" is the yielded value
        return f"The generator {function} yields {value} to its caller here ({where}); it is suspended, not finished."
    note = f"The generator {function} yielded {value} to its caller at {where}."
    if yielded.get("resumed") and stop.get("function") == function:
        note += f" The caller ran on until it asked for the next value; paused where {function} resumes."
    return note


def answer(records: list[dict], tool: str) -> Rendered | None:
    """The answer the last answer record of a command makes, or None when the command wrote none (one of
    pdb's own commands, whose text is the answer)."""
    found = [r for r in records if r.get("kind") in ANSWER_KINDS]
    if not found:
        return None
    record = found[-1]
    kind = record.get("kind")
    if kind == "error":
        return Rendered(f"Error: {record.get('message')}", error=True)
    if kind == "values":
        return _values(record)
    if kind == "stack":
        return _stack(record)
    if kind == "threads":
        return _threads(record)
    if kind == "tasks":
        return _tasks(record)
    if kind == "executed":
        return Rendered("(statement executed)", values=[(str(record.get("expression") or ""), "(statement executed)")])
    return _value(record, tool)
