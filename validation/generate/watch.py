"""Where a trace sees a planted change run, when a changed line holds no code.

A dropped statement becomes ``pass``, and before Python 3.10 ``pass`` compiles to nothing: no line event
ever fires on it, so the trace would say the change never ran and the bug would be measured as one made
by a definition. The change runs where control passes the ``pass``: at the statement that follows it in
its block, at its loop's header when it ends a loop body (the next iteration, or the loop's exit, starts
there), after the compound statement it ends (an ``if``, ``with`` or ``try`` body), or at its function's
return when it ends the function's body.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

LOOPS = (ast.For, ast.AsyncFor, ast.While)
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module, ast.Lambda)


@dataclass(frozen=True)
class Watch:
    lines: tuple[int, ...]  # a line event on any of these is a run of the change
    # A ``pass`` on one of these lines ends its function's body: the function returning after its last line
    # event ran before this line (and not from a ``return`` or ``raise`` there) ran the change.
    before_return: tuple[int, ...] = ()

    def to_plant(self) -> dict:
        return {"lines": list(self.lines), "before_return": list(self.before_return)}


def _blocks(tree: ast.AST) -> dict[int, tuple[ast.AST, list[ast.stmt]]]:
    """id(statement) -> (the node holding it, the block it is in)."""
    held: dict[int, tuple[ast.AST, list[ast.stmt]]] = {}
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(node, name, None)
            if isinstance(block, list):
                for child in block:
                    held[id(child)] = (node, block)
    return held


def watched(source: str, lines: list[int]) -> Watch:
    """``lines`` (the change's, in the changed source) with, for each that holds only ``pass``, where control
    passes it."""
    tree = ast.parse(source)
    held = _blocks(tree)
    statements: dict[int, list[ast.stmt]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt):
            statements.setdefault(node.lineno, []).append(node)
    watch, before_return = set(lines), []
    for line in lines:
        here = statements.get(line, [])
        if not here or not all(isinstance(s, ast.Pass) for s in here):
            continue
        node: ast.AST = here[0]
        while id(node) in held:
            parent, block = held[id(node)]
            index = next(i for i, child in enumerate(block) if child is node)
            if index + 1 < len(block):
                watch.add(block[index + 1].lineno)
                break
            if isinstance(parent, LOOPS) and block is parent.body:
                watch.add(parent.lineno)
                break
            if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
                before_return.append(line)
                break
            if isinstance(parent, SCOPES):
                break
            if isinstance(parent, ast.ExceptHandler):  # the end of a handler: what follows its try statement
                parent = held[id(parent)][0]
            node = parent  # the end of an if, with or try block: what follows the whole statement
    return Watch(tuple(sorted(watch)), tuple(sorted(before_return)))
