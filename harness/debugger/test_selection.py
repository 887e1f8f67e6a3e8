"""Starting the debugger at one test: ``start_debugger(file, test=NAME)`` or a pytest node id
``file::name`` / ``file::Class::method``. The name is checked against the tests the file defines
(read with ``ast``, never imported) so a typo answers with the names there are, instead of pytest's
"no tests ran". Stdlib only: the sandboxed session imports it."""

from __future__ import annotations

import ast
from pathlib import Path

MAX_LISTED = 12


class TestSelectionError(ValueError):
    """The test asked for is not one the file defines; the message lists the ones it does."""

    __test__ = False  # not a test class, whatever pytest's rules say


def split_node_id(file: str, test: str | None) -> tuple[str, str | None]:
    """``("test.py::TestX::test_y", None)`` -> ``("test.py", "TestX::test_y")``; ``test`` wins when
    given both ways only if they agree."""
    name = None
    if isinstance(file, str) and "::" in file:
        file, name = file.split("::", 1)
    if test is not None:
        if not isinstance(test, str) or not test.strip():
            raise TestSelectionError("Error: test must be a test's name, e.g. test='test_total' or "
                                     "test='TestCart::test_add'.")
        given = test.strip().replace(".", "::")
        if name is not None and name != given:
            raise TestSelectionError(f"Error: the file names test {name} and test= names {given}; give one of them.")
        name = given
    if name is not None:
        name = name.strip().strip(":")
        if not name:
            raise TestSelectionError("Error: after '::' give a test's name, e.g. test.py::test_total.")
    return file, name


def defined_tests(path: Path) -> list[str]:
    """Node-id suffixes of the tests in a file: ``test_x``, ``TestX::test_y`` (classes named Test* or
    deriving from a ``TestCase``); empty when the file does not parse."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, SyntaxError, ValueError):
        return []
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            names.append(node.name)
        elif isinstance(node, ast.ClassDef) and (node.name.startswith("Test") or any(
                (b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", "")).endswith("TestCase")
                for b in node.bases)):
            names.extend(f"{node.name}::{item.name}" for item in node.body
                         if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name.startswith("test"))
    return names


def check_test(path: Path, shown: str, name: str) -> None:
    """Raise with the file's test names unless ``name`` (parameters ``[...]`` aside) is one of them, or
    a class holding some."""
    known = defined_tests(path)
    if not known:
        return  # nothing to compare with (it does not parse, or builds its tests dynamically): pytest decides
    bare = name.split("[", 1)[0]
    if bare in known or any(k.startswith(bare + "::") for k in known) or any(
            k.rsplit("::", 1)[-1] == bare for k in known):
        return
    listed = ", ".join(known[:MAX_LISTED]) + (f" and {len(known) - MAX_LISTED} more" if len(known) > MAX_LISTED else "")
    raise TestSelectionError(f"Error: {shown} has no test {name}. Its tests: {listed}. "
                             f"Start one with start_debugger(file='{shown}', test='{known[0]}'), or omit test to "
                             "run them all.")


def node_suffix(path: Path, name: str) -> str:
    """A bare method name given for a class's test becomes ``Class::method`` (pytest needs the class)."""
    bare = name.split("[", 1)[0]
    known = defined_tests(path)
    if bare in known or any(k.startswith(bare + "::") for k in known):
        return name
    owners = [k for k in known if k.rsplit("::", 1)[-1] == bare]
    return owners[0] + name[len(bare):] if len(owners) == 1 else name
