"""Operators on an object's attributes that one method sets and another reads: a starting value set in
``__init__`` from the wrong literal, and a flag a method stores inverted. The wrong value is kept on the
object and shows up only when another method reads it, after the method that set it has returned."""

from __future__ import annotations

import ast
import math
from collections.abc import Iterator

from corpus.plant.context import FUNCTIONS, Candidate, ModuleContext
from corpus.plant.operators import operator

# Builtins that always return a bool: a stored call of theirs is a flag like a comparison is.
BOOLEAN_CALLS = frozenset({"bool", "isinstance", "issubclass", "hasattr", "callable", "any", "all"})
METHOD_WRAPPERS = frozenset({"staticmethod", "classmethod"})


@operator("wrong_initial_state", "an attribute that `__init__` sets from a literal (a number or a bool) and "
          "another method reads starts one more, or as the other bool", category="state_corruption", stored=True)
def wrong_initial_state(context: ModuleContext) -> Iterator[Candidate]:
    index = context.index
    for methods in _classes(context):
        init = next((method for method in methods if method.name == "__init__"), None)
        owner = _self_name(init) if init is not None else None
        if init is None or owner is None:
            continue
        for statement in context.own_nodes(init):
            name, value = _stored(statement, owner)
            if (name is None or value is None or not isinstance(statement, ast.stmt)
                    or _overwritten_later(init, statement, name, owner)):
                continue
            changed = _changed_literal(value)
            if changed is None or not _read_elsewhere(methods, init, name):
                continue
            yield context.candidate("wrong_initial_state", value, [index.replace(value, changed)],
                                    f"`self.{name}` starts as `{changed}` instead of `{index.text(value)}`")


@operator("inverted_stored_flag", "a method other than `__init__` stores the inverse of a boolean expression "
          "(a comparison, `not`, `and`/`or` of them, a bool literal) in an attribute another method reads",
          category="state_corruption", stored=True)
def inverted_stored_flag(context: ModuleContext) -> Iterator[Candidate]:
    index = context.index
    for methods in _classes(context):
        for method in methods:
            owner = _self_name(method)
            if method.name == "__init__" or owner is None:
                continue
            for statement in context.own_nodes(method):
                name, value = _stored(statement, owner)
                if name is None or value is None or not _boolean(value) or not _read_elsewhere(methods, method, name):
                    continue
                inverted = _inverted(context, value)
                yield context.candidate("inverted_stored_flag", value, [index.replace(value, inverted)],
                                        f"`self.{name}` stores `{index.short(value)}` inverted")


def _classes(context: ModuleContext) -> Iterator[list[ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Each class's methods: the functions written directly in its body."""
    for cls in (node for node in ast.walk(context.tree) if isinstance(node, ast.ClassDef)):
        yield [node for node in cls.body if isinstance(node, FUNCTIONS)]


def _self_name(method: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The name a method calls its instance by; None for static and class methods, which have none."""
    if any(isinstance(d, ast.Name) and d.id in METHOD_WRAPPERS for d in method.decorator_list):
        return None
    positional = [*method.args.posonlyargs, *method.args.args]
    return positional[0].arg if positional else None


def _self_attribute(node: ast.AST, owner: str) -> str | None:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == owner:
        return node.attr
    return None


def _stored(statement: ast.AST, owner: str) -> tuple[str | None, ast.expr | None]:
    """`self.name = value` (annotated or not, one target): the attribute's name and the value stored."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        return _self_attribute(statement.targets[0], owner), statement.value
    if isinstance(statement, ast.AnnAssign) and statement.value is not None:
        return _self_attribute(statement.target, owner), statement.value
    return None, None


def _read_elsewhere(methods: list[ast.FunctionDef | ast.AsyncFunctionDef], writer: ast.AST, name: str) -> bool:
    """Another method than the writer (and than `__init__`, which runs before it could) reads `self.name`:
    a load, or the old value an augmented assignment updates."""
    for method in methods:
        owner = _self_name(method)
        if method is writer or method.name == "__init__" or owner is None:
            continue
        for node in ast.walk(method):
            if isinstance(node, ast.AugAssign) and _self_attribute(node.target, owner) == name:
                return True
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and _self_attribute(node, owner) == name:
                return True
    return False


def _overwritten_later(init: ast.FunctionDef | ast.AsyncFunctionDef, statement: ast.stmt, name: str,
                       owner: str) -> bool:
    """`__init__` sets the attribute again, unconditionally, after the statement: the first value never shows."""
    end = statement.end_lineno or statement.lineno
    return any(later.lineno > end and _stored(later, owner)[0] == name for later in init.body)


def _changed_literal(value: ast.expr) -> str | None:
    """The other literal a starting value is set to: a number one more (`0` -> `1`, `-1` -> `0`, `0.5` ->
    `1.5`), a bool the other one. Strings, None and containers are left alone: no one wrong value of
    theirs is as plausible."""
    sign = 1
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub):
        sign, value = -1, value.operand  # type: ignore[assignment]
    if not isinstance(value, ast.Constant):
        return None
    literal = value.value
    if type(literal) is bool:
        return None if sign == -1 else str(not literal)
    if type(literal) is int:
        return str(sign * literal + 1)
    if type(literal) is float and math.isfinite(literal):
        return repr(sign * literal + 1)
    return None


def _boolean(value: ast.expr) -> bool:
    """An expression whose value is surely a bool."""
    if isinstance(value, ast.Constant):
        return type(value.value) is bool
    if isinstance(value, ast.Compare):
        return True
    if isinstance(value, ast.UnaryOp):
        return isinstance(value.op, ast.Not)
    if isinstance(value, ast.BoolOp):  # `a and b` is a bool only when both sides are
        return all(_boolean(operand) for operand in value.values)
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in BOOLEAN_CALLS


def _inverted(context: ModuleContext, value: ast.expr) -> str:
    """The expression's inverse, written as a slip would: the other bool, a `not` left out (its operand
    kept a bool), else `not (...)`."""
    index = context.index
    if isinstance(value, ast.Constant):
        return str(not value.value)
    if isinstance(value, ast.UnaryOp):
        text = index.text(value.operand)
        if not _boolean(value.operand):
            return f"bool({text})"
        # The operand stands alone now: parenthesised, it may span lines as it did inside `not (...)`.
        return f"({text})" if "\n" in text else text
    return f"not ({index.text(value)})"
