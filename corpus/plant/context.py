"""What an operator needs to know about one module: its tree, each node's parent and enclosing
function, and the byte index of its text."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

from corpus.plant.edits import Edit, SourceIndex

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class Candidate:
    """One planted change: where, by which operator, and the edits that make it."""

    operator: str
    file: str
    function: str  # qualified name of the enclosing function ("Class.method", "outer.<locals>.inner")
    line: int  # the first line the change touches
    function_line: int  # the function's first line (its first decorator's): its code object's co_firstlineno
    edits: tuple[Edit, ...]
    summary: str  # what the change does, in words (kept out of the task's description)

    @property
    def key(self) -> str:
        """A stable identity of the change: file, operator, and the bytes it edits."""
        spans = ",".join(f"{edit.start}-{edit.end}:{edit.text}" for edit in self.edits)
        return f"{self.file}|{self.operator}|{spans}"


@dataclass
class ModuleContext:
    file: str
    source: str
    tree: ast.Module
    index: SourceIndex
    parents: dict[ast.AST, ast.AST] = field(default_factory=dict)
    qualnames: dict[ast.AST, str] = field(default_factory=dict)
    # (start byte, end byte, first line, last line) of each statement in a function's body, found once
    _statements: list[tuple[int, int, int, int]] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def parse(cls, file: str, source: str) -> ModuleContext:
        tree = ast.parse(source)
        context = cls(file=file, source=source, tree=tree, index=SourceIndex(source))
        context._link(tree, "")
        return context

    def _link(self, node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            self.parents[child] = node
            if isinstance(child, (*FUNCTIONS, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                self.qualnames[child] = name
                inner = f"{name}.<locals>." if isinstance(child, FUNCTIONS) else f"{name}."
                self._link(child, inner)
            else:
                self._link(child, prefix)

    def functions(self) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
        for node in ast.walk(self.tree):
            if isinstance(node, FUNCTIONS):
                yield node

    def function_of(self, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        current = self.parents.get(node)
        while current is not None and not isinstance(current, FUNCTIONS):
            current = self.parents.get(current)
        return current

    def class_of(self, function: ast.AST) -> ast.ClassDef | None:
        parent = self.parents.get(function)
        return parent if isinstance(parent, ast.ClassDef) else None

    def own_nodes(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
        """The nodes of a function's body, not those of functions or classes nested in it."""
        stack: list[ast.AST] = list(reversed(function.body))
        while stack:
            node = stack.pop()
            yield node
            if isinstance(node, (*FUNCTIONS, ast.ClassDef, ast.Lambda)):
                continue
            stack.extend(reversed(list(ast.iter_child_nodes(node))))

    def statement_lines(self, edit: Edit) -> tuple[int, int] | None:
        """The first and last line of the innermost statement of a function's body that holds ``edit``: a
        line of it runs whenever the edited code can. None where no such statement holds it (a signature, a
        decorator, a gap between a body's statements), and nothing can be said from the lines that ran."""
        if self._statements is None:
            self._statements = [(*self.index.span(node), node.lineno, node.end_lineno or node.lineno)
                                for node in ast.walk(self.tree)
                                if isinstance(node, ast.stmt) and not isinstance(node, (*FUNCTIONS, ast.ClassDef))
                                and self.function_of(node) is not None]
        # An edit of whole lines starts at their indentation and ends after their newline, where the statement
        # does not: only the bytes it changes that are not blank count. A pure insertion lies between
        # statements, and only a statement around it (a block's compound statement) holds it.
        data = self.index.data
        start, end = edit.start, edit.end
        while start < end and data[start] in b" \t\r\n":
            start += 1
        while end > start and data[end - 1] in b" \t\r\n":
            end -= 1
        if start == end:
            holding = [s for s in self._statements if s[0] < start < s[1]]
        else:
            holding = [s for s in self._statements if s[0] <= start and end <= s[1]]
        if not holding:
            return None
        innermost = min(holding, key=lambda s: s[1] - s[0])
        return innermost[2], innermost[3]

    def candidate(self, operator: str, node: ast.AST, edits: tuple[Edit, ...] | list[Edit], summary: str) -> Candidate:
        function = node if isinstance(node, FUNCTIONS) else self.function_of(node)
        name = self.qualnames.get(function, "<module>") if function is not None else "<module>"
        first = 0 if function is None else min([function.lineno, *(d.lineno for d in function.decorator_list)])
        return Candidate(operator=operator, file=self.file, function=name, function_line=first,
                         line=getattr(node, "lineno", 1), edits=tuple(edits), summary=summary)
