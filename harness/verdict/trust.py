"""Which of the code under test's own comparison methods the verdict may call: the ones the model did
not write or change (same class, same method, the same code as the task shipped). Computed by the host
from the task's files and the model's, handed to the plugin before any of that code runs.

A task's classes often compare by their own rules (an ``__eq__`` that ignores a back-link, an order
between versions); the verdict keeps those rules as the task wrote them, and decides a comparison the
model added or rewrote on plain data instead. Stdlib only.
"""

import ast
import json

NAME = "trusted.json"
METHODS = frozenset({"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__bool__", "__len__",
                     "__contains__", "__hash__"})


def _methods(text: str) -> "dict[str, tuple[int, str]] | None":
    """``Class.method`` -> (first line, the code's dump) for the methods of ``METHODS`` in ``text``."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    found: dict[str, tuple[int, str]] = {}

    def visit(body: "list[ast.stmt]", prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                # The whole class: methods a library generates for it (attrs, dataclasses) are kept
                # when the class is as the task wrote it.
                found[f"{prefix}{node.name}:class"] = (0, ast.dump(node, include_attributes=False))
                visit(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.name in METHODS and prefix:
                    line = node.decorator_list[0].lineno if node.decorator_list else node.lineno
                    found[f"{prefix}{node.name}"] = (line, ast.dump(node, include_attributes=False))
                visit(node.body, f"{prefix}{node.name}.<locals>.")

    visit(tree.body, "")
    return found


def trusted_methods(originals: "dict[str, str]", current: "dict[str, str]") -> "list[str]":
    """``file:qualname:line`` of every comparison method in ``current`` (the run's Python files) that
    ``originals`` (the task's) holds unchanged, and ``file:qualname:class`` of every unchanged class."""
    out = []
    for name, text in sorted(current.items()):
        if not name.endswith(".py") or name not in originals:
            continue
        before, now = _methods(originals[name]), _methods(text)
        if before is None or now is None:
            continue
        out += [f"{name}:{qualname}" if qualname.endswith(":class") else f"{name}:{qualname}:{line}"
                for qualname, (line, dump) in sorted(now.items()) if before.get(qualname, (0, None))[1] == dump]
    return out


def dumps(entries: "list[str]") -> str:
    return json.dumps(sorted(entries))
