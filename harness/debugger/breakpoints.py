"""Breakpoints the harness keeps across restarts: validation with actionable errors, placement where
a model means them (a ``def``, ``class`` or decorator line stands for the body), and moving them with
their lines when a file is edited."""

from __future__ import annotations

import ast
import dataclasses
import difflib
import functools
from dataclasses import dataclass, field
from pathlib import Path


class BreakpointError(ValueError):
    """A breakpoint that cannot be set; the message names the file and line and what to pick."""


@dataclass(frozen=True, order=True)
class Breakpoint:
    """Equal by place (file, line); the rest says how it stops."""

    file: str  # as shown to the model: relative to the workspace, or an absolute library path
    line: int
    id: int = field(default=0, compare=False)  # the model's handle, stable across restarts
    condition: str | None = field(default=None, compare=False)  # stops only when this holds
    temporary: bool = field(default=False, compare=False)  # removed after its first stop
    enabled: bool = field(default=True, compare=False)
    number: int | None = field(default=None, compare=False)  # pdb's number in the running program
    hits: int = field(default=0, compare=False)  # stops in the current run

    def describe(self) -> str:
        extra = [f"if {self.condition}"] if self.condition else []
        extra += ["temporary"] if self.temporary else []
        extra += ["disabled"] if not self.enabled else []
        return f"#{self.id} {self.file}:{self.line}" + (f" ({', '.join(extra)})" if extra else "")


def code_lines(source: str, filename: str) -> set[int] | None:
    """Lines where a statement starts executing (what pdb can stop on), or None if it won't compile."""
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    lines: set[int] = set()
    stack = [code]
    while stack:
        current = stack.pop()
        lines.update(line for _, _, line in current.co_lines() if line is not None)
        stack.extend(const for const in current.co_consts if hasattr(const, "co_lines"))
    return lines


def _is_blank_or_comment(text: str) -> bool:
    stripped = text.strip()
    return not stripped or stripped.startswith("#")


@dataclass(frozen=True)
class Header:
    """The header of a ``def`` or ``class``: its decorator lines, its keyword line and the rest of its
    signature, up to its body."""

    first: int  # the first decorator line, or the keyword line
    last: int  # the last line before the body's first statement
    keyword: int  # the ``def`` / ``class`` line itself
    kind: str  # "def" | "class"
    name: str  # qualified, e.g. "Account.deposit"
    body: int | None  # a def: the first line of its body that runs; a class: that of its __init__ (or kin)
    entry: str | None = None  # a class: the method ``body`` is in
    methods: tuple[tuple[str, int], ...] = ()  # a class: (method, first body line) for the error's examples


ENTRY_METHODS = ("__init__", "__post_init__", "__new__")  # what runs when an instance is made


def _first_runnable(runnable: frozenset[int], start: int, end: int) -> int | None:
    lines = [n for n in runnable if start <= n <= end]
    return min(lines) if lines else None


def _headers(source: str, runnable: frozenset[int]) -> tuple[Header, ...]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return ()
    found: list[Header] = []

    def visit(node: ast.AST, prefix: str) -> list[Header]:
        children = []
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                children += visit(child, prefix)
                continue
            name = prefix + child.name
            inner = visit(child, name + ".")
            body = child.body
            first_body = body[0]
            if (len(body) > 1 and isinstance(first_body, ast.Expr) and isinstance(first_body.value, ast.Constant)
                    and isinstance(first_body.value.value, str)):
                body = body[1:]  # the docstring does not run
            start = min([getattr(body[0], "lineno", child.lineno)]
                        + [d.lineno for d in getattr(body[0], "decorator_list", [])])
            first = min([child.lineno] + [d.lineno for d in child.decorator_list])
            last = max(child.lineno, first_body.lineno - 1)
            if isinstance(child, ast.ClassDef):
                methods = [h for h in inner if h.kind == "def" and h.name.count(".") == name.count(".") + 1]
                by_name = {h.name.rsplit(".", 1)[1]: h for h in methods}
                entry = next((m for m in ENTRY_METHODS if m in by_name and by_name[m].body), None)
                header = Header(first, last, child.lineno, "class", name, by_name[entry].body if entry else None,
                                entry, tuple((h.name, h.body) for h in methods if h.body))
            else:
                header = Header(first, last, child.lineno, "def", name,
                                _first_runnable(runnable, start, child.end_lineno or start))
            found.append(header)
            children += [header, *inner]
        return children

    visit(tree, "")
    return tuple(found)


@functools.lru_cache(maxsize=64)
def _analyse(path: str, mtime_ns: int, size: int) -> tuple[list[str], frozenset[int] | None, tuple[Header, ...]]:
    """A file's lines, its runnable lines and its def/class headers, cached until the file changes."""
    source = Path(path).read_text(encoding="utf-8")
    runnable = code_lines(source, path)
    if runnable is None:
        return source.splitlines(), None, ()
    runnable = frozenset(runnable)
    return source.splitlines(), runnable, _headers(source, runnable)


def _read(path: Path, shown: str):
    try:
        stat = path.stat()
        return _analyse(str(path), stat.st_mtime_ns, stat.st_size)
    except (OSError, UnicodeDecodeError) as exc:
        raise BreakpointError(f"Error: cannot read {shown} ({exc.__class__.__name__}); "
                              "pick a Python source file of the workspace.") from exc


def place(path: Path, shown: str, line: int) -> tuple[int, str | None]:
    """Where a breakpoint asked for on ``line`` goes, and a note when that is another line.

    A ``def`` line, a decorator line or the rest of a signature runs once, when the function is defined
    (at import): the breakpoint goes on the first line of the body, which runs each time the function
    is called. A ``class`` line goes to the first line of its ``__init__`` (``__post_init__``,
    ``__new__``); a class with none of them is refused with its methods' lines as examples."""
    lines, _runnable, headers = _read(path, shown)
    if not 1 <= line <= len(lines) or _is_blank_or_comment(lines[line - 1]):
        return line, None
    around = [h for h in headers if h.first <= line <= h.last]
    if not around:
        return line, None
    header = max(around, key=lambda h: h.first)
    part = ("decorator line" if line < header.keyword else f"`{header.kind}` line" if line == header.keyword
            else "signature")
    if header.kind == "def":
        if header.body is None or header.body == line:
            return line, None  # a one-line def, or a body with nothing that runs: pdb stops on the line
        return header.body, (f"line {line} is the {part} of {header.name}, which runs once when the function is "
                             f"defined; set on line {header.body}, the first line of its body, which stops each "
                             f"time {header.name} runs")
    if header.body is None:
        examples = ", ".join(f"line {n} in {name}" for name, n in header.methods[:3])
        raise BreakpointError(f"Error: line {line} of {shown} is the {part} of class {header.name}, whose body "
                              "runs once, at import, and it has no __init__ to stop in. Put the breakpoint "
                              f"inside one of its methods{', e.g. ' + examples if examples else ''}.")
    return header.body, (f"line {line} is the {part} of class {header.name}; set on line {header.body}, the first "
                         f"line of {header.name}.{header.entry}, which stops each time a {header.name} is made")


def check_line(path: Path, shown: str, line: int) -> None:
    """Raise BreakpointError unless pdb can stop on ``line`` of ``path``."""
    lines, runnable, headers = _read(path, shown)
    if line < 1 or line > len(lines):
        raise BreakpointError(f"Error: cannot set a breakpoint at line {line} of {shown}: the file has "
                              f"{len(lines)} lines. Pick a line between 1 and {len(lines)} with code on it.")
    text = lines[line - 1]
    if runnable is None:
        if _is_blank_or_comment(text):
            raise BreakpointError(f"Error: cannot set a breakpoint at line {line} of {shown} because it is "
                                  "blank or comment-only. Pick a line with code on it.")
        return
    if line in runnable:
        return
    what = ("blank or comment-only" if _is_blank_or_comment(text)
            else "not the start of a statement (a docstring or the continuation of a longer statement)")
    header_lines = {n for h in headers for n in range(h.first, h.last + 1)}
    suggestion = _nearest(set(runnable) - header_lines, line, lines)
    raise BreakpointError(f"Error: cannot set a breakpoint at line {line} of {shown} because it is {what}. "
                          f"Pick an executable line (an assignment, a call, an assert){suggestion}.")


def _nearest(runnable: set[int], line: int, lines: list[str]) -> str:
    after = sorted(n for n in runnable if n > line)
    before = sorted((n for n in runnable if n < line), reverse=True)
    picks = [n for n in (after[:1] + before[:1])]
    if not picks:
        return ""
    shown = ", ".join(f"line {n} (`{lines[n - 1].strip()[:60]}`)" for n in picks)
    return f", e.g. {shown}"


@dataclass
class Remap:
    moved: list[tuple[Breakpoint, Breakpoint]] = field(default_factory=list)
    dropped: list[Breakpoint] = field(default_factory=list)

    def describe(self) -> str:
        parts = [f"breakpoint {old.file}:{old.line} moved to line {new.line}" for old, new in self.moved]
        parts += [f"breakpoint {bp.file}:{bp.line} removed: its line is gone" for bp in self.dropped]
        return "; ".join(parts)


def follow_edit(breakpoints: list[Breakpoint], file: str, old_text: str, new_text: str) -> tuple[list[Breakpoint], Remap]:
    """Move the breakpoints of ``file`` with their lines from ``old_text`` to ``new_text``.

    A line kept as is follows its shift; a line inside a rewritten block goes to the same text in the
    new block, else to its closest look-alike there (difflib ratio >= 0.6); a deleted line, or one
    whose new place is blank or a comment, loses its breakpoint.
    """
    old_lines, new_lines = old_text.splitlines(), new_text.splitlines()
    opcodes = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False).get_opcodes()
    runnable = code_lines(new_text, file)
    result, remap = [], Remap()
    for bp in breakpoints:
        if bp.file != file:
            result.append(bp)
            continue
        target = _map_line(opcodes, bp.line - 1, old_lines, new_lines)
        if target is not None:
            text = new_lines[target] if target < len(new_lines) else ""
            usable = (target + 1) in runnable if runnable is not None else not _is_blank_or_comment(text)
            if not usable:
                target = None
        if target is None:
            remap.dropped.append(bp)
            continue
        moved = dataclasses.replace(bp, line=target + 1)
        if moved != bp:
            remap.moved.append((bp, moved))
        if moved not in result:
            result.append(moved)
    return result, remap


def _map_line(opcodes, index: int, old_lines: list[str], new_lines: list[str]) -> int | None:
    for tag, i1, i2, j1, j2 in opcodes:
        if not i1 <= index < i2:
            continue
        if tag == "equal":
            return j1 + (index - i1)
        if tag != "replace":
            return None
        block = new_lines[j1:j2]
        text = old_lines[index]
        if text in block:
            return j1 + block.index(text)
        close = difflib.get_close_matches(text, block, n=1, cutoff=0.6)
        return j1 + block.index(close[0]) if close else None
    return None
