"""The workspace's source as the episode changed it: replaying each edit on the task's files tells
which lines an edit changed and which function they sit in, and which function a stop was in.

``edit_file`` is an exact-string replacement, so replaying it on the same text is exact. Where the
text is unknown (no task files, or a bash ``sed -i`` changed the file), an edit still records its
old and new strings; only line numbers and functions are missing.
"""

from __future__ import annotations

import ast
import builtins
import difflib
import keyword
import re
from dataclasses import dataclass, field
from functools import lru_cache

from harness.scoring.commands import normalize_path

MAX_SOURCE_CHARS = 100_000  # a task's file is a few KB; beyond this, lines are not tracked
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LITERAL = re.compile(r"""(?<![\w.])(-?\d+\.\d+|-?\d{2,}|'[^'\n]{2,60}'|"[^"\n]{2,60}")""")
COMMON_NAMES = frozenset(dir(builtins)) | {
    "self", "cls", "args", "kwargs", "None", "True", "False", "return", "value", "values", "result",
    "data", "item", "items", "key", "keys", "name", "len", "str", "int", "list", "dict", "set", "tuple",
}


@dataclass(frozen=True)
class Function:
    name: str        # the short name, as pdb shows it (``add``), or ``<module>``
    qualname: str    # ``RunningAverage.add``
    start: int
    end: int


@dataclass
class EditChange:
    """One edit as a change to a file: the lines it removed and added, where, and in which functions."""

    turn: int
    file: str
    tool: str  # the tool that made it (an edit, or the shell); its groups say which
    removed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)          # changed line numbers, in the text before the edit
    functions: set[str] = field(default_factory=set)        # short names of the functions changed
    lines_known: bool = False

    def names(self) -> set[str]:
        """Identifiers on the changed lines (removed or added)."""
        return identifiers("\n".join(self.removed + self.added))

    def added_only(self) -> set[str]:
        return identifiers("\n".join(self.added)) - identifiers("\n".join(self.removed))

    def added_literals(self) -> set[str]:
        return literals("\n".join(self.added)) - literals("\n".join(self.removed))


def identifiers(text: str) -> set[str]:
    return {w for w in _IDENTIFIER.findall(text) if not keyword.iskeyword(w)}


def expression_names(text: str) -> set[str]:
    """The names an expression uses, attribute parts included (``self.values[0]`` -> self, values)."""
    return identifiers(re.sub(r"'[^']*'|\"[^\"]*\"", " ", text))


def distinctive(names: set[str]) -> set[str]:
    """Names specific enough that seeing them twice is not a coincidence."""
    return {n for n in names if len(n) >= 3 and n not in COMMON_NAMES and not n.startswith("__")}


def literals(text: str) -> set[str]:
    return {m.strip("'\"") for m in _LITERAL.findall(text)}


@lru_cache(maxsize=256)
def functions_of(text: str) -> tuple[Function, ...]:
    """Every function and method in ``text`` (empty when it does not parse)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ()
    found: list[Function] = []

    def visit(node, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                qualname = f"{prefix}{child.name}"
                start = min([child.lineno] + [d.lineno for d in child.decorator_list])
                found.append(Function(child.name, qualname, start, child.end_lineno or child.lineno))
                visit(child, f"{qualname}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return tuple(found)


def function_at(text: str | None, line: int) -> Function | None:
    """The innermost function holding ``line`` of ``text``; None when unknown or at module level."""
    if text is None:
        return None
    best = None
    for function in functions_of(text):
        if function.start <= line <= function.end and (best is None or function.start >= best.start):
            best = function
    return best


class Workspace:
    """File texts, kept in step with the episode's edits."""

    def __init__(self, files: dict[str, str] | None = None):
        self._texts: dict[str, str | None] = {}
        for path, text in (files or {}).items():
            if isinstance(path, str) and isinstance(text, str) and len(text) <= MAX_SOURCE_CHARS:
                self._texts[normalize_path(path)] = text

    def resolve(self, path: str) -> str:
        """The workspace file ``path`` names (also by basename when that is unambiguous)."""
        path = normalize_path(path)
        if path in self._texts:
            return path
        matches = [p for p in self._texts if p.rsplit("/", 1)[-1] == path.rsplit("/", 1)[-1]]
        return matches[0] if len(matches) == 1 else path

    def known_files(self) -> set[str]:
        return set(self._texts) | {p.rsplit("/", 1)[-1] for p in self._texts}

    def exists(self, path: str) -> bool:
        return self.resolve(path) in self._texts

    def text(self, path: str) -> str | None:
        return self._texts.get(self.resolve(path))

    def forget(self, path: str) -> None:
        """The file changed in a way that cannot be replayed (bash): its text is unknown from now."""
        self._texts[self.resolve(path)] = None

    def replace(self, turn: int, path: str, old: str, new: str, tool: str) -> EditChange:
        """Replay an in-place edit (``tool``) that succeeded; every occurrence is replaced, as the tool does."""
        path = self.resolve(path)
        text = self._texts.get(path)
        change = EditChange(turn, path, tool)
        if text is None or not old or old not in text or len(new) > MAX_SOURCE_CHARS:
            change.removed, change.added = old.splitlines(), new.splitlines()
            if path in self._texts:
                self._texts[path] = None
            return change
        pieces, cursor, shift = [], 0, 0
        while (offset := text.find(old, cursor)) != -1:
            self._diff_region(change, text, offset, len(old), new)
            pieces += [text[cursor:offset], new]
            cursor = offset + len(old)
            shift += len(new) - len(old)
        pieces.append(text[cursor:])
        self._texts[path] = "".join(pieces)
        change.lines_known = True
        change.lines = sorted(set(change.lines))
        change.functions = self._functions(text, change.lines)
        return change

    def write(self, turn: int, path: str, content: str, tool: str) -> EditChange:
        """Replay a whole-file write (``tool``) that succeeded."""
        path = self.resolve(path)
        change = EditChange(turn, path, tool)
        before = self._texts.get(path, "" if path not in self._texts else None)
        if before is None or len(content) > MAX_SOURCE_CHARS:
            change.added = content.splitlines()[:2000]
            self._texts[path] = None if len(content) > MAX_SOURCE_CHARS else content
            return change
        old_lines, new_lines = before.splitlines(), content.splitlines()
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes():
            if tag == "equal":
                continue
            change.removed += old_lines[i1:i2]
            change.added += new_lines[j1:j2]
            change.lines += list(range(i1 + 1, i2 + 1)) if i2 > i1 else [max(1, i1)]
        self._texts[path] = content
        change.lines_known = bool(before)
        change.functions = self._functions(before, change.lines) if before else set()
        return change

    @staticmethod
    def _diff_region(change: EditChange, text: str, offset: int, length: int, new: str) -> None:
        """Whole lines around one occurrence, before and after, diffed line by line."""
        start = text.rfind("\n", 0, offset) + 1
        end = text.find("\n", offset + length)
        end = len(text) if end == -1 else end
        first_line = text.count("\n", 0, start) + 1
        before = text[start:end].split("\n")
        after = (text[start:offset] + new + text[offset + length:end]).split("\n")
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
            if tag == "equal":
                continue
            change.removed += before[i1:i2]
            change.added += after[j1:j2]
            change.lines += [first_line + i for i in range(i1, i2)] if i2 > i1 else [first_line + max(0, i1 - 1)]

    @staticmethod
    def _functions(text: str, lines: list[int]) -> set[str]:
        out = set()
        for line in lines:
            function = function_at(text, line)
            out.add(function.name if function else "<module>")
        return out
