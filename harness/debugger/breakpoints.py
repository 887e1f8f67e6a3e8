"""Breakpoints the harness keeps across restarts: validation with actionable errors, and moving them
with their lines when a file is edited."""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass, field
from pathlib import Path


class BreakpointError(ValueError):
    """A breakpoint that cannot be set; the message names the file and line and what to pick."""


@dataclass(frozen=True, order=True)
class Breakpoint:
    file: str  # as shown to the model: relative to the workspace, or an absolute library path
    line: int


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


@functools.lru_cache(maxsize=64)
def _analyse(path: str, mtime_ns: int, size: int) -> tuple[list[str], frozenset[int] | None]:
    """A file's lines and its runnable lines, cached until the file changes."""
    source = Path(path).read_text(encoding="utf-8")
    runnable = code_lines(source, path)
    return source.splitlines(), None if runnable is None else frozenset(runnable)


def check_line(path: Path, shown: str, line: int) -> None:
    """Raise BreakpointError unless pdb can stop on ``line`` of ``path``."""
    try:
        stat = path.stat()
        lines, runnable = _analyse(str(path), stat.st_mtime_ns, stat.st_size)
    except (OSError, UnicodeDecodeError) as exc:
        raise BreakpointError(f"Error: cannot read {shown} ({exc.__class__.__name__}); "
                              "pick a Python source file of the workspace.") from exc
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
    suggestion = _nearest(runnable, line, lines)
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
        moved = Breakpoint(file, target + 1)
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
