"""Evaluate expressions against one row with SQL's three-valued logic: True, False, or None
(unknown). Comparisons with NULL are unknown; WHERE keeps a row only when its condition is True."""

import re

from sql_ast import Between, Binary, Call, Column, InList, IsNull, Literal, Star, Unary


class SqlRuntimeError(ValueError):
    pass


ARITHMETIC = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "%": lambda a, b: a % b,
}
COMPARE = {
    "=": lambda a, b: a == b,
    "<>": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}
SCALAR_FUNCTIONS = {"UPPER": str.upper, "LOWER": str.lower, "LENGTH": len, "ABS": abs}


def like_pattern(pattern):
    regex = "".join(".*" if ch == "%" else "." if ch == "_" else re.escape(ch) for ch in pattern)
    return re.compile(f"^{regex}$", re.DOTALL)


def logical_and(left, right):
    if left is False or right is False:
        return False
    if left is None or right is None:
        return None
    return True


def logical_or(left, right):
    if left is True or right is True:
        return True
    if left is None or right is None:
        return None
    return False


def evaluate(node, row):
    if isinstance(node, Literal):
        return node.value
    if isinstance(node, Column):
        if node.name not in row:
            raise SqlRuntimeError(f"unknown column {node.name!r}; columns are {', '.join(row)}")
        return row[node.name]
    if isinstance(node, Unary):
        value = evaluate(node.operand, row)
        if node.op == "NOT":
            return not value
        return None if value is None else -value
    if isinstance(node, IsNull):
        return (evaluate(node.operand, row) is None) != node.negated
    if isinstance(node, InList):
        value = evaluate(node.operand, row)
        options = [evaluate(option, row) for option in node.options]
        if value is None:
            return None
        if value in options:
            return not node.negated
        if None in options:
            return None
        return node.negated
    if isinstance(node, Between):
        value, low, high = (evaluate(n, row) for n in (node.operand, node.low, node.high))
        if None in (value, low, high):
            return None
        return low <= value <= high
    if isinstance(node, Call):
        if node.name not in SCALAR_FUNCTIONS:
            raise SqlRuntimeError(f"{node.name}() is an aggregate or unknown here")
        value = evaluate(node.args[0], row)
        return None if value is None else SCALAR_FUNCTIONS[node.name](value)
    if isinstance(node, Star):
        raise SqlRuntimeError("* is only allowed as a column list or in COUNT(*)")
    if node.op == "AND":
        return logical_and(evaluate(node.left, row), evaluate(node.right, row))
    if node.op == "OR":
        return logical_or(evaluate(node.left, row), evaluate(node.right, row))
    left, right = evaluate(node.left, row), evaluate(node.right, row)
    if left is None or right is None:
        return None
    if node.op == "LIKE":
        return bool(like_pattern(right).match(str(left)))
    if node.op in COMPARE:
        return COMPARE[node.op](left, right)
    if node.op == "/":
        if right == 0:
            raise SqlRuntimeError("division by zero")
        return left / right
    return ARITHMETIC[node.op](left, right)
