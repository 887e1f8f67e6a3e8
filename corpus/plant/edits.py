"""Text edits located by ``ast`` positions, applied byte-exact, and the patch they make.

``ast`` gives columns as UTF-8 byte offsets, so edits are applied to the encoded source: a module with
non-ASCII text before a changed node is edited in the right place.
"""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class Edit:
    """Replace the bytes [start, end) of the UTF-8 source with ``text``."""

    start: int
    end: int
    text: str


class SourceIndex:
    """Maps ``ast`` (line, column) positions of one module to byte offsets, and back to text."""

    def __init__(self, source: str):
        self.source = source
        self.data = source.encode("utf-8")
        self.line_starts = [0]
        for i, byte in enumerate(self.data):
            if byte == 0x0A:
                self.line_starts.append(i + 1)

    def offset(self, line: int, col: int) -> int:
        return self.line_starts[line - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        start = self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = self.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
        return start, end

    def text(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.data[start:end].decode("utf-8")

    def short(self, node: ast.AST, width: int = 40) -> str:
        """The node's text for a change's one-line summary: unparsed when it spans lines, cut at ``width``."""
        text = self.text(node)
        if "\n" in text or len(text) > width:
            text = ast.unparse(node)
        return text if len(text) <= width else text[:width - 3] + "..."

    def replace(self, node: ast.AST, text: str) -> Edit:
        start, end = self.span(node)
        return Edit(start, end, text)

    def line_span(self, first: int, last: int) -> tuple[int, int]:
        """Bytes of whole lines ``first``..``last`` (1-based, inclusive), the last newline included."""
        end = self.line_starts[last] if last < len(self.line_starts) else len(self.data)
        return self.line_starts[first - 1], end

    def lines(self, first: int, last: int) -> str:
        start, end = self.line_span(first, last)
        return self.data[start:end].decode("utf-8")

    def indent_of(self, line: int) -> str:
        text = self.lines(line, line)
        return text[: len(text) - len(text.lstrip(" \t"))]

    def replace_lines(self, first: int, last: int, text: str) -> Edit:
        start, end = self.line_span(first, last)
        return Edit(start, end, text)


def apply_edits(source: str, edits: tuple[Edit, ...] | list[Edit]) -> str:
    """The source with every edit applied; edits must not overlap."""
    data = source.encode("utf-8")
    ordered = sorted(edits, key=lambda edit: edit.start)
    for before, after in zip(ordered, ordered[1:], strict=False):
        if after.start < before.end:
            raise ValueError(f"overlapping edits at bytes {before.start}-{before.end} and {after.start}-{after.end}")
    for edit in reversed(ordered):
        data = data[: edit.start] + edit.text.encode("utf-8") + data[edit.end:]
    return data.decode("utf-8")


def unified_patch(path: str, before: str, after: str) -> str:
    """A ``git apply``-able unified diff of one file (``a/PATH`` -> ``b/PATH``)."""
    lines = difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                 fromfile=f"a/{path}", tofile=f"b/{path}", n=3)
    out = []
    for line in lines:
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def changed_lines(before: str, after: str, *, side: str = "after") -> list[int]:
    """1-based lines the change touches, in ``after`` (what runs: a trace watches these) or ``before``.
    A pure deletion counts the lines on both sides of where the text was."""
    matcher = difflib.SequenceMatcher(a=before.splitlines(), b=after.splitlines(), autojunk=False)
    total = len(after.splitlines()) if side == "after" else len(before.splitlines())
    lines: list[int] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        start, stop = (j1, j2) if side == "after" else (i1, i2)
        lines.extend(range(start + 1, stop + 1) if stop > start else [n for n in (start, start + 1) if 1 <= n <= total])
    return sorted(set(lines))


def changed_text(before: str, after: str) -> tuple[list[str], list[str]]:
    """The lines the change removes and the lines it adds."""
    old, new = before.splitlines(), after.splitlines()
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    removed: list[str] = []
    added: list[str] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            removed += old[i1:i2]
            added += new[j1:j2]
    return removed, added


class PatchError(ValueError):
    """A patch does not apply to the text it is applied to; the message names the hunk."""


def apply_patch(before: str, patch: str, *, reverse: bool = False) -> str:
    """Apply a one-file unified diff made by ``unified_patch`` (``reverse``: undo it), checking every
    context and removed line."""
    lines = before.splitlines(keepends=True)
    out: list[str] = []
    position = 0
    hunks = _hunks(patch)
    for number, (start, old, new) in enumerate(hunks, 1):
        if reverse:
            old, new = new, old
        begin = start - 1 if old else start
        if lines[begin: begin + len(old)] != old:
            raise PatchError(f"hunk {number} does not apply at line {start}: the file differs there")
        out.extend(lines[position:begin])
        out.extend(new)
        position = begin + len(old)
    out.extend(lines[position:])
    return "".join(out)


def _hunks(patch: str) -> list[tuple[int, list[str], list[str]]]:
    hunks: list[tuple[int, list[str], list[str]]] = []
    rows = patch.splitlines(keepends=True)
    i = 0
    while i < len(rows):
        row = rows[i]
        if row.startswith("@@"):
            header = row.split()
            old_start = int(header[1][1:].split(",")[0])
            new_start = int(header[2][1:].split(",")[0])
            old: list[str] = []
            new: list[str] = []
            i += 1
            while i < len(rows) and not rows[i].startswith("@@"):
                body = rows[i]
                if body.startswith("\\"):
                    # "\ No newline at end of file": the line before it has no newline of its own.
                    target = new if rows[i - 1].startswith("+") else old
                    if rows[i - 1].startswith(" "):
                        old[-1] = old[-1].rstrip("\n")
                        new[-1] = new[-1].rstrip("\n")
                    elif target:
                        target[-1] = target[-1].rstrip("\n")
                elif body.startswith(" "):
                    old.append(body[1:])
                    new.append(body[1:])
                elif body.startswith("-"):
                    old.append(body[1:])
                elif body.startswith("+"):
                    new.append(body[1:])
                i += 1
            hunks.append((old_start if old else new_start, old, new))
            continue
        i += 1
    return hunks
