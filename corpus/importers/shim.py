"""Removing the seed format's ``pytest.use_correct`` import shim from a test file.

    if pytest.use_correct:
        from lock_manager_correct import LockManager
    else:
        from lock_manager import LockManager

becomes the plain ``from lock_manager import LockManager`` (the ``else`` branch, re-indented to where
the ``if`` stood). Only that one pattern is rewritten; everything else in the file stays byte-for-byte.
"""

from __future__ import annotations

import ast
import textwrap


def _is_use_correct(test: ast.expr) -> bool:
    """``pytest.use_correct`` or ``getattr(pytest, "use_correct", ...)``."""
    if isinstance(test, ast.Attribute):
        return test.attr == "use_correct" and isinstance(test.value, ast.Name) and test.value.id == "pytest"
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "getattr":
        args = test.args
        return (len(args) >= 2 and isinstance(args[0], ast.Name) and args[0].id == "pytest"
                and isinstance(args[1], ast.Constant) and args[1].value == "use_correct")
    return False


def mentions_use_correct(source: str) -> bool:
    return "use_correct" in source


def strip_shim(source: str, filename: str = "<test>") -> tuple[str, int]:
    """The source with every shim replaced by its ``else`` branch, and how many were replaced.

    Raises SyntaxError (with the file name) when the source does not parse, and ValueError when a shim
    has no ``else`` branch (there is then no plain import to keep).
    """
    tree = ast.parse(source, filename=filename)
    shims = [node for node in ast.walk(tree) if isinstance(node, ast.If) and _is_use_correct(node.test)]
    if not shims:
        return source, 0
    lines = source.splitlines(keepends=True)
    # Replace from the bottom up so earlier line numbers stay valid.
    for node in sorted(shims, key=lambda n: n.lineno, reverse=True):
        if not node.orelse:
            raise ValueError(f"{filename}:{node.lineno}: the 'if pytest.use_correct:' block has no 'else:' "
                             "branch importing the buggy module; add one so the plain import can be kept")
        if lines[node.orelse[0].lineno - 1].lstrip().startswith("elif"):
            raise ValueError(f"{filename}:{node.lineno}: the shim continues with 'elif'; only "
                             "'if pytest.use_correct: ... else: ...' can be converted")
        indent = lines[node.lineno - 1][: len(lines[node.lineno - 1]) - len(lines[node.lineno - 1].lstrip())]
        first, last = node.orelse[0].lineno, node.orelse[-1].end_lineno
        body = textwrap.dedent("".join(lines[first - 1:last]))
        replacement = textwrap.indent(body, indent)
        if not replacement.endswith("\n"):
            replacement += "\n"
        lines[node.lineno - 1:node.end_lineno] = [replacement]
    return "".join(lines), len(shims)
