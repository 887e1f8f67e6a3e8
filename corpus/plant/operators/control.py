"""Operators on control: a comparison that flips at its boundary, a swallowed exception, an early
return out of a loop, two dependent updates in a loop swapped, and a lock that no longer guards."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from corpus.plant.context import Candidate, ModuleContext
from corpus.plant.operators import operator

FLIPS = {ast.Lt: "<=", ast.LtE: "<", ast.Gt: ">=", ast.GtE: ">"}
LOCK_WORDS = ("lock", "mutex", "cond", "semaphore")


@operator("boundary_flip", "a comparison includes or excludes its boundary the wrong way (< and <=, > and >=)", category="off_by_one")
def boundary_flip(context: ModuleContext) -> Iterator[Candidate]:
    index = context.index
    for function in context.functions():
        for node in context.own_nodes(function):
            if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in FLIPS):
                continue
            left, right = index.text(node.left), index.text(node.comparators[0])
            text = f"{left} {FLIPS[type(node.ops[0])]} {right}"
            if "\n" in left or "\n" in right:
                continue
            yield context.candidate("boundary_flip", node, [index.replace(node, text)],
                                    f"`{index.text(node)}` became `{text}`")


@operator("swallowed_exception", "an exception handler that re-raised now swallows the error on that path", category="error_handling")
def swallowed_exception(context: ModuleContext) -> Iterator[Candidate]:
    index = context.index
    for function in context.functions():
        for node in context.own_nodes(function):
            if not isinstance(node, ast.ExceptHandler):
                continue
            for statement in node.body:
                if isinstance(statement, ast.Raise) and statement.lineno == statement.end_lineno:
                    indent = index.indent_of(statement.lineno)
                    yield context.candidate("swallowed_exception", statement,
                                            [index.replace_lines(statement.lineno, statement.lineno, f"{indent}pass\n")],
                                            f"the handler at line {node.lineno} no longer re-raises")


@operator("early_return", "a loop's `break` returns from the function, skipping what follows the loop", category="control_flow")
def early_return(context: ModuleContext) -> Iterator[Candidate]:
    index = context.index
    for function in context.functions():
        loops = [node for node in context.own_nodes(function) if isinstance(node, (ast.For, ast.While))]
        for loop in loops:
            parent = context.parents.get(loop)
            body = getattr(parent, "body", [])
            # Only when something follows the loop in the function: that is what the early return skips.
            if not (isinstance(body, list) and loop in body and body.index(loop) < len(body) - 1):
                continue
            for node in ast.walk(loop):
                if isinstance(node, ast.Break) and _innermost_loop(context, node) is loop:
                    yield context.candidate("early_return", node, [index.replace(node, "return")],
                                            f"the `break` at line {node.lineno} returns from the function")


def _innermost_loop(context: ModuleContext, node: ast.AST) -> ast.AST | None:
    current = context.parents.get(node)
    while current is not None and not isinstance(current, (ast.For, ast.While, ast.AsyncFor)):
        current = context.parents.get(current)
    return current


@operator("reordered_update", "two adjacent statements in a loop body, the second reading what the first "
          "writes, run in the other order", category="ordering_mutation")
def reordered_update(context: ModuleContext) -> Iterator[Candidate]:
    index = context.index
    for function in context.functions():
        for loop in context.own_nodes(function):
            if not isinstance(loop, (ast.For, ast.AsyncFor, ast.While)):
                continue
            for first, second in zip(loop.body, loop.body[1:], strict=False):
                if (first.lineno != first.end_lineno or second.lineno != second.end_lineno
                        or not isinstance(first, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr))
                        or not isinstance(second, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr))):
                    continue
                if not (_written(first) & _read(second)):
                    continue
                a, b = index.lines(first.lineno, first.lineno), index.lines(second.lineno, second.lineno)
                yield context.candidate("reordered_update", first,
                                        [index.replace_lines(first.lineno, second.lineno, b + a)],
                                        f"`{index.text(second)}` now runs before `{index.text(first)}`")


def _names(node: ast.AST, ctx: type) -> set[str]:
    found = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Name) and isinstance(child.ctx, ctx):
            found.add(child.id)
        elif isinstance(child, ast.Attribute) and isinstance(child.ctx, ctx):
            found.add(ast.unparse(child))
    return found


def _written(statement: ast.stmt) -> set[str]:
    if isinstance(statement, ast.AugAssign):
        return _names(statement.target, ast.Store)
    return _names(statement, ast.Store)


def _read(statement: ast.stmt) -> set[str]:
    found = _names(statement, ast.Load)
    if isinstance(statement, ast.AugAssign):
        found |= {ast.unparse(statement.target)}
    return found


@operator("lock_removed", "a `with` block over a lock no longer takes it, so threads interleave inside", category="locks")
def lock_removed(context: ModuleContext) -> Iterator[Candidate]:
    index = context.index
    for function in context.functions():
        for node in context.own_nodes(function):
            if not (isinstance(node, (ast.With, ast.AsyncWith)) and len(node.items) == 1):
                continue
            guard = index.text(node.items[0].context_expr).lower()
            if node.items[0].optional_vars is not None or not any(word in guard for word in LOCK_WORDS):
                continue
            first, last = node.body[0].lineno, node.end_lineno or node.body[-1].lineno
            if first == node.lineno:
                continue  # `with lock: x += 1` on one line
            outer, inner = index.indent_of(node.lineno), index.indent_of(first)
            body = index.lines(first, last).splitlines(keepends=True)
            dedented = "".join(outer + line[len(inner):] if line.startswith(inner) else line for line in body)
            yield context.candidate("lock_removed", node, [index.replace_lines(node.lineno, last, dedented)],
                                    f"`with {index.text(node.items[0].context_expr)}:` no longer guards its block")
