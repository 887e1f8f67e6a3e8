"""Where program state first goes wrong: the first point at which a buggy and a correct run of the same
failing test hold different values, and how far that point is from the failure.

Pure analysis of two traces (``validation/trace_plugin.py`` writes them; nothing here runs code), so
any producer of a buggy/correct pair can use it: a hand-written task, a generated bug planted in a
repository, a real bug's two commits.

The runs are compared event by event in the order they happened, line numbers aside (the fix moves
lines). Inside a function the fix changed (its code digest differs between the runs) the locals are
not compared (the two versions may name them differently): only what the function is called with,
what it returns or raises, and what it calls. Values that differ between two runs of the *same*
version (a clock, an id, a random draw) are noise and never count as the divergence.

From the divergence to the failure (the buggy run's last traced event of that test):

- ``calls``: functions the program entered after the divergence, before failing;
- ``frames``: how many frames the wrong value had to climb, from the divergent frame's depth to the
  failing frame's (0: it went wrong in the frame that fails);
- ``files``: the workspace files, test files aside, that run between the two (1: one module made the
  wrong value and the test looked at it);
- ``test_steps``: lines of the test body run between the two.

``shown`` says whether the failing pytest output already prints the divergent value: then reading the
failure is enough, and a debugger adds little.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field

# Event kinds whose values are compared (a step or a call carries none).
VALUE_KINDS = ("assign", "return", "raise")


@dataclass(frozen=True)
class Event:
    kind: str
    file: str
    function: str
    line: int
    depth: int
    name: str = ""  # the local bound (assign)
    value: str = ""  # the bound or returned value, the raised type, or the call's code digest

    def key(self) -> tuple:
        """What must match in both runs at this position, the value aside."""
        return self.kind, self.file, self.function, self.name

    def describe(self) -> str:
        where = f"{self.file}:{self.line} in {self.function}"
        if self.kind == "assign":
            return f"{where}: {self.name} = {self.value}"
        if self.kind == "return":
            return f"{where}: returns {self.value}"
        if self.kind == "raise":
            return f"{where}: raises {self.value}"
        return f"{where}: {self.kind}"


@dataclass
class TestTrace:
    test: str
    events: list[Event] = field(default_factory=list)
    cut: bool = False  # ran past the tracer's event budget: the rest is not in the trace


def parse_trace(lines: Iterable[str]) -> dict[str, TestTrace]:
    """Test node id -> its trace, from the tracer's JSON lines (a half-written last line is skipped)."""
    traces: dict[str, TestTrace] = {}
    current: TestTrace | None = None
    for line in lines:
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        if not isinstance(row, list) or not row:
            continue
        kind = row[0]
        if kind == "test":
            current = traces.setdefault(str(row[1]), TestTrace(str(row[1])))
        elif kind == "cut" and current is not None:
            current.cut = True
        elif current is not None and kind in ("call", "assign", "return", "raise", "step") and len(row) >= 5:
            file, function, line_no, depth = str(row[1]), str(row[2]), int(row[3]), int(row[4])
            if kind == "assign":
                current.events.append(Event(kind, file, function, line_no, depth, str(row[5]), str(row[6])))
            elif kind in ("return", "raise", "call"):
                current.events.append(Event(kind, file, function, line_no, depth, "", str(row[5])))
            else:
                current.events.append(Event(kind, file, function, line_no, depth))
    return traces


@dataclass(frozen=True)
class Divergence:
    """The first differing state of one failing test, and its distance from the failure."""

    test: str
    found: bool
    where: str = ""  # the buggy event, described
    correct: str = ""  # the correct run's event at that position, described
    file: str = ""
    function: str = ""
    line: int = 0
    kind: str = ""  # assign | return | raise | call (control flow took another path)
    value: str = ""  # the buggy value
    expected: str = ""  # the correct run's value there
    calls: int = 0
    frames: int = 0
    files: int = 0
    test_steps: int = 0
    shown: bool = False
    # The mechanism is float representation: the values differ only past 1e-6, or the code the fix
    # changed made a float carrying representation error (1899.9999999999995) before the divergence.
    float_drift: bool = False
    reason: str = ""  # why nothing was found, when so

    def to_dict(self) -> dict:
        return asdict(self)


def changed_functions(buggy: TestTrace, correct: TestTrace) -> set[tuple[str, str]]:
    """(file, function) whose code differs between the runs (a function only one run calls counts too)."""
    digests: dict[tuple[str, str], set[str]] = {}
    seen_in: dict[tuple[str, str], set[int]] = {}
    for index, trace in enumerate((buggy, correct)):
        for event in trace.events:
            if event.kind == "call":
                digests.setdefault((event.file, event.function), set()).add(event.value)
                seen_in.setdefault((event.file, event.function), set()).add(index)
    return {key for key, values in digests.items() if len(values) > 1 or len(seen_in[key]) < 2}


def noisy_keys(first: TestTrace, second: TestTrace) -> set[tuple]:
    """Value positions that differ between two runs of the same version: never a divergence."""
    noisy = set()
    for a, b in zip(first.events, second.events, strict=False):
        if a.key() != b.key():
            break
        if a.value != b.value:
            noisy.add(a.key())
    return noisy


def _compared(events: list[Event], changed: set[tuple[str, str]], only_here: set[tuple[str, str]]) -> list[Event]:
    # Locals of a changed function are its own business, and so is all of a function only one version
    # has (a helper or generator the fix added or removed): what it made shows where the changed
    # function returns. Steps carry no state.
    return [e for e in events if e.kind != "step" and (e.file, e.function) not in only_here
            and not (e.kind == "assign" and (e.file, e.function) in changed)]


def _functions(trace: TestTrace) -> set[tuple[str, str]]:
    return {(e.file, e.function) for e in trace.events if e.kind == "call"}


def first_divergence(buggy: TestTrace, correct: TestTrace, *, test_files: Iterable[str] = (),
                     failing_output: str = "", noise: set[tuple] = frozenset()) -> Divergence:  # type: ignore[assignment]
    """Where the buggy run of one test first holds another value than the correct run."""
    changed = changed_functions(buggy, correct)
    only_here = _functions(buggy) ^ _functions(correct)
    left, right = _compared(buggy.events, changed, only_here), _compared(correct.events, changed, only_here)
    index = None
    for i, (a, b) in enumerate(zip(left, right, strict=False)):
        if a.key() != b.key() or (a.value != b.value and a.key() not in noise and a.kind != "call"):
            index = i
            break
    if index is None:
        if len(left) == len(right) or not left:
            return Divergence(buggy.test, False, reason="the buggy and the correct run hold the same values "
                              "as far as the trace goes" + (" (the trace was cut at its event budget)"
                                                            if buggy.cut or correct.cut else ""))
        index = min(len(left), len(right))
        if index >= len(left):  # the buggy run stopped where the correct one went on
            index = len(left) - 1
    event = left[index]
    other = right[index] if index < len(right) else None
    position = buggy.events.index(event)
    until = correct.events.index(other) + 1 if other is not None else len(correct.events)
    earlier = _inside_changed(buggy.events[:position], correct.events[:until], changed, noise)
    if earlier is not None:
        position, event, other = earlier
    fixed_code = [e for e in buggy.events[:position + 1] if (e.file, e.function) in changed]
    return _measure(buggy, position, event, other, set(test_files), failing_output, fixed_code)


def _inside_changed(buggy: list[Event], correct: list[Event], changed: set[tuple[str, str]],
                    noise: set[tuple]) -> tuple[int, Event, Event] | None:
    """The first local of a changed function whose k-th binding differs between the runs, for the names
    both versions bind (a local only one version has is the fix's own business)."""
    def bindings(events: list[Event]) -> dict[tuple, list[tuple[int, Event]]]:
        out: dict[tuple, list[tuple[int, Event]]] = {}
        for position, e in enumerate(events):
            if e.kind == "assign" and (e.file, e.function) in changed:
                out.setdefault(e.key(), []).append((position, e))
        return out

    left, right = bindings(buggy), bindings(correct)
    best = None
    for key in set(left) & set(right):
        if key in noise:
            continue
        for (position, a), (_, b) in zip(left[key], right[key], strict=False):
            if a.value != b.value:
                if best is None or position < best[0]:
                    best = (position, a, b)
                break
    return best


def _measure(buggy: TestTrace, position: int, event: Event, other: Event | None, test_files: set[str],
             failing_output: str, fixed_code: list[Event]) -> Divergence:
    rest = buggy.events[position:]
    failure = buggy.events[-1]
    value = event.value if event.kind in VALUE_KINDS else ""
    files = {e.file for e in rest if e.file not in test_files}
    return Divergence(
        test=buggy.test, found=True, where=event.describe(), correct=other.describe() if other else "(nothing)",
        file=event.file, function=event.function, line=event.line, kind=event.kind, value=value,
        expected=other.value if other is not None and other.kind in VALUE_KINDS else "",
        calls=sum(1 for e in rest[1:] if e.kind == "call"), frames=max(0, event.depth - failure.depth),
        files=len(files), test_steps=sum(1 for e in rest if e.kind == "step"),
        shown=shown_in_output(value, failing_output, other.value if other is not None else "",
                              raised=event.kind == "raise"),
        float_drift=is_float_drift(value, other.value if other is not None else "")
        or bool(drifted_floats(fixed_code)))


FLOAT = re.compile(r"-?\d+\.\d+(?:e-?\d+)?|-?\d+(?:\.\d+)?e-?\d+")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")


def is_float_drift(value: str, expected: str) -> bool:
    """Both reprs carry numbers that match pairwise within 1e-6 (relative), a float among them, and
    differ: the representation of floats, not the program's logic, made the difference."""
    a, b = NUMBER.findall(value), NUMBER.findall(expected)
    if not a or len(a) != len(b) or value == expected or not (FLOAT.search(value) or FLOAT.search(expected)):
        return False
    if NUMBER.sub("#", value) != NUMBER.sub("#", expected):
        return False
    close = all(abs(float(x) - float(y)) <= 1e-6 * max(1.0, abs(float(y))) for x, y in zip(a, b, strict=True))
    return close


CAPTURED_HEADER = re.compile(r"^-+ Captured .+ -+$")
TEST_HEADER = re.compile(r"^_{3,} .+ _{3,}$")
# A long traceback entry prints the frame's arguments as unindented ``name = repr`` lines.
FRAME_ARGUMENT = re.compile(r"^[A-Za-z_]\w* = \S")


@dataclass(frozen=True)
class PrintedValues:
    """The lines of a failure report that print values. ``messages``: pytest's ``E`` lines (the assertion's
    explanation, the exception's message) and the output the tests captured; ``arguments``: the frames'
    argument lines, values too, but of whatever the frame was called with, so only a whole, distinctive value
    found there counts (a token of it, or a bare ``1`` or ``True``, names nothing). The source lines of each traceback entry
    are code, not values: a test that sets ``port=6789`` does not print the port it got. A report in another
    shape (no ``E`` line and nothing captured) is taken whole as ``messages``."""
    messages: str
    arguments: str


def printed_values(report: str) -> PrintedValues:
    messages, arguments, captured = [], [], False
    for line in report.splitlines():
        if CAPTURED_HEADER.match(line):
            captured = True
        elif TEST_HEADER.match(line):
            captured = False
        elif captured or line.startswith("E "):
            messages.append(line)
        elif FRAME_ARGUMENT.match(line):
            arguments.append(line)
    if not messages:
        return PrintedValues(report, "")
    return PrintedValues("\n".join(messages), "\n".join(arguments))


FAILURES_HEADER = re.compile(r"^=+ (?:FAILURES|ERRORS) =+$", re.MULTILINE)
SUMMARY_HEADER = re.compile(r"^=+ short test summary info =+$", re.MULTILINE)


def failure_sections(output: str) -> str:
    """The part of pytest's output that reports the failures (tracebacks and assertion messages)."""
    start = FAILURES_HEADER.search(output)
    if not start:
        return output
    end = SUMMARY_HEADER.search(output, start.end())
    return output[start.end():end.start() if end else len(output)]


TOKEN = re.compile(r"'[^']*'|\"[^\"]*\"|[\w.+-]+")


def differing_tokens(value: str, expected: str) -> list[str]:
    """The tokens of ``value`` that the correct run's value does not have at that place (the 1899 of
    ``Charge(cents=1899)`` against ``Charge(cents=1900)``)."""
    a, b = TOKEN.findall(value), TOKEN.findall(expected)
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    return [token for tag, i1, i2, _, _ in matcher.get_opcodes() if tag in ("replace", "delete")
            for token in a[i1:i2]]


def _appears(text: str, report: str, *, qualified: bool = False) -> bool:
    """``text`` as a whole token of ``report``; ``qualified``: also after a module path (an exception's type
    is printed as ``netrules.RuleError``)."""
    candidates = {text, text[1:-1]} if len(text) > 3 and text[0] in "'\"" and text[-1] == text[0] else {text}
    before = r"(?<![\w])(?:[A-Za-z_][\w.]*\.)?" if qualified else r"(?<![\w.])"
    return any(re.search(before + re.escape(c) + r"(?![\w])", report) for c in candidates if c)


def _distinctive(value: str) -> bool:
    """A value that names itself: several tokens (a list, a dict, an object's repr) or a string of a few
    characters; a frame may hold a bare ``1``, ``True`` or ``None`` for any reason."""
    return len(TOKEN.findall(value)) > 1 or (value[:1] in "'\"" and len(value) > 5)


def shown_in_output(value: str, output: str, expected: str = "", *, raised: bool = False) -> bool:
    """The failure report prints the divergent value (``printed_values``): its repr (or the part before a
    repr's '...' cut) as a whole token, or every token by which it differs from the correct run's value.
    ``raised``: the value is an exception's type name, which the report may print with its module."""
    text = value.split("...", 1)[0].rstrip(", ([{") if "..." in value else value
    if not text or not output:
        return False
    printed = printed_values(failure_sections(output))
    if _appears(text, printed.messages, qualified=raised):
        return True
    # One argument per line, or several on one line joined by ", " when they fit the terminal's width.
    argument = r"(?m)(?:^|, )[A-Za-z_]\w* = " + re.escape(value) + r"(?=$|, [A-Za-z_]\w* = )"
    if text == value and _distinctive(value) and re.search(argument, printed.arguments):
        return True
    tokens = differing_tokens(value, expected) if expected else []
    return bool(tokens) and all(_appears(token, printed.messages) for token in tokens)


# A float whose repr shows binary representation error: a run of six 9s or 0s then more digits
# (1899.9999999999995, 0.30000000000000004).
DRIFTED_FLOAT = re.compile(r"(?<![\w.])-?\d+\.\d*(?:9{6,}|0{6,})\d+(?:e-?\d+)?")


def drifted_floats(events: Iterable[Event]) -> list[str]:
    """Values in ``events`` that hold a float carrying representation error."""
    return [e.value for e in events if e.kind in ("assign", "return") and DRIFTED_FLOAT.search(e.value)]


def nearest(divergences: Iterable[Divergence]) -> Divergence | None:
    """What a task is judged by: the failing test whose divergence is easiest to reach from its failure
    (shown in the output first, then the fewest files, calls and frames), since an agent reads every
    failure and takes the shortest way; None when no test diverged."""
    found = [d for d in divergences if d.found]
    if not found:
        return None
    return min(found, key=lambda d: (not d.shown, d.files, d.calls, d.frames))
