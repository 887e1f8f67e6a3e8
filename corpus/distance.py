"""How far the failure is from the bug, read from the source (nothing is run).

The fixed lines are the buggy lines the fix removes or changes (for a pure insertion, the buggy line
it follows), as the agent sees them. A loose static call graph joins the task's functions: a function
points at every function or method of the task whose name it mentions (a call, a callback handed
over, a fixture parameter), at a class's constructors when it names the class, and at the dunder
methods its syntax implies (``with``, ``for``, ``await``, subscripts, comparisons). From each test
function (``test*`` in tests/) a breadth-first walk finds the nearest function holding a fixed line:

- ``frames``: the calls from the test to that function (1: the test calls it directly);
- ``files``: the files that path enters after the test's own (1: the module the test calls holds the
  fix; 2 or more: the wrong value is made in one module and crosses others before it is noticed).

Where the failure is reported is a run's fact, not the source's: validation records the failing tests
of the buggy run (the hung test, for a hang task) and the figures come from the nearest of those. Tests
that pass often call the fixed function directly, so without that record (``failing_tests`` None) the
figures are from the nearest of all tests, a lower bound. None when no test reaches a fixed line (the
fix sits where only the language runs it, e.g. a decorator argument or a module constant).
"""

from __future__ import annotations

import ast
import difflib
from collections import deque
from dataclasses import dataclass

from corpus.format import Task
from corpus.materialize import strip_bug_markers

# Syntax that runs dunder methods of the task's own classes.
IMPLIED_DUNDERS = {
    ast.With: ("__enter__", "__exit__"), ast.AsyncWith: ("__aenter__", "__aexit__"),
    ast.For: ("__iter__", "__next__"), ast.AsyncFor: ("__aiter__", "__anext__"),
    ast.comprehension: ("__iter__", "__next__", "__aiter__", "__anext__"), ast.Await: ("__await__",),
    ast.Subscript: ("__getitem__", "__setitem__", "__delitem__"),
    ast.Compare: ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__contains__"),
    ast.BinOp: ("__add__", "__sub__", "__mul__", "__truediv__", "__radd__"),
}
CONSTRUCTORS = ("__init__", "__post_init__", "__new__", "__call__", "__set_name__")


@dataclass(frozen=True)
class Distance:
    frames: int | None  # calls from the failing test to the fixed function
    files: int | None  # files entered on the way, after the test's own
    test: str | None  # the test function the figures come from (file::name)
    fixed: tuple[str, ...] = ()  # the functions holding fixed lines (file::qualified name)


@dataclass
class _Function:
    key: str  # file::qualname
    file: str
    name: str  # the bare name calls use
    start: int
    end: int
    mentions: set[str]
    classes: tuple[str, ...]  # enclosing class names


def fixed_lines(task: Task) -> dict[str, set[int]]:
    """Buggy file -> the line numbers (as materialized) the fix removes or changes, or follows."""
    out: dict[str, set[int]] = {}
    correct = task.correct_files
    for name, text in task.buggy_files.items():
        before = strip_bug_markers(text).splitlines()
        after = correct.get(name, "").splitlines()
        lines: set[int] = set()
        for tag, i1, i2, _j1, _j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
            if tag in ("replace", "delete"):
                lines.update(range(i1 + 1, i2 + 1))
            elif tag == "insert":
                lines.add(max(1, i1))  # the line the new code follows
        if lines:
            out[name] = lines
    return out


class _Collector(ast.NodeVisitor):
    """Functions (with what their bodies mention) and class -> method names of one module."""

    def __init__(self, file: str):
        self.file = file
        self.functions: list[_Function] = []
        self.classes: dict[str, list[str]] = {}  # class name -> keys of its methods
        self._stack: list[tuple[str, str]] = []  # ("class" | "def", name)

    def _mentions(self, node: ast.AST, *, skip_nested: bool) -> set[str]:
        names: set[str] = set()
        todo = list(ast.iter_child_nodes(node))
        while todo:
            child = todo.pop()
            if skip_nested and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.update(_decorator_names(child))
                continue
            if isinstance(child, ast.Name):
                names.add(child.id)
            elif isinstance(child, ast.Attribute):
                names.add(child.attr)
            elif isinstance(child, ast.arg):
                names.add(child.arg)  # a pytest fixture is named by the test's parameter
            names.update(IMPLIED_DUNDERS.get(type(child), ()))
            todo.extend(ast.iter_child_nodes(child))
        return names

    def _add(self, node: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> None:
        classes = tuple(n for kind, n in self._stack if kind == "class")
        qualname = ".".join([*[n for _, n in self._stack], name])
        function = _Function(f"{self.file}::{qualname}", self.file, name, node.lineno,
                             getattr(node, "end_lineno", node.lineno), self._mentions(node, skip_nested=True),
                             classes)
        self.functions.append(function)
        if self._stack and self._stack[-1][0] == "class":
            self.classes.setdefault(self._stack[-1][1], []).append(function.key)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._add(node, node.name)
        self._stack.append(("def", node.name))
        self.generic_visit(node)
        self._stack.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self.classes.setdefault(node.name, [])
        self._stack.append(("class", node.name))
        self.generic_visit(node)
        self._stack.pop()


def _decorator_names(node) -> set[str]:
    return {n.id for d in node.decorator_list for n in ast.walk(d) if isinstance(n, ast.Name)}


def _module_body(file: str, tree: ast.Module) -> _Function:
    """Module- and class-level code (constants, decorators, class attributes) as one pseudo-function."""
    return _Function(f"{file}::<module>", file, "<module>", 1, 10 ** 9,
                     {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}, ())


def _top_level_names(tree: ast.Module) -> set[str]:
    """What a module defines at its top level: using one of these runs (or ran) the module's own code."""
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


@dataclass
class CallGraph:
    functions: dict[str, _Function]
    edges: dict[str, set[str]]

    @classmethod
    def of(cls, files: dict[str, str]) -> CallGraph:
        functions: dict[str, _Function] = {}
        classes: dict[str, list[str]] = {}
        modules_defining: dict[str, list[str]] = {}  # top-level name -> module bodies that define it
        for name, source in files.items():
            try:
                tree = ast.parse(source)
            except SyntaxError:
                continue
            collector = _Collector(name)
            collector.visit(tree)
            module = _module_body(name, tree)
            functions[module.key] = module
            for defined in _top_level_names(tree):
                modules_defining.setdefault(defined, []).append(module.key)
            functions.update((f.key, f) for f in collector.functions)
            for class_name, methods in collector.classes.items():
                classes.setdefault(class_name, []).extend(methods)
        by_name: dict[str, list[str]] = {}
        for function in functions.values():
            by_name.setdefault(function.name, []).append(function.key)
        edges: dict[str, set[str]] = {}
        for key, function in functions.items():
            targets: set[str] = set()
            for mention in function.mentions:
                targets.update(by_name.get(mention, ()))
                targets.update(modules_defining.get(mention, ()))
                for method in classes.get(mention, ()):  # naming a class runs its constructors
                    if functions[method].name in CONSTRUCTORS:
                        targets.add(method)
            targets.discard(key)
            edges[key] = targets
        return cls(functions, edges)

    def holding(self, file: str, line: int) -> str:
        """The innermost function of ``file`` whose lines hold ``line`` (the module body otherwise)."""
        best = None
        for function in self.functions.values():
            if function.file == file and function.start <= line <= function.end and function.name != "<module>":
                if best is None or function.start >= best.start:
                    best = function
        return best.key if best else f"{file}::<module>"

    def path(self, start: str, goals: set[str]) -> list[str] | None:
        """The shortest path of keys from ``start`` to one of ``goals`` (start included), or None."""
        previous: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            key = queue.popleft()
            if key in goals:
                path = []
                while key is not None:
                    path.append(key)
                    key = previous[key]
                return path[::-1]
            for target in sorted(self.edges.get(key, ())):
                if target not in previous:
                    previous[target] = key
                    queue.append(target)
        return None


def task_distance(task: Task, failing_tests: list[str] | None = None) -> Distance:
    """The distance from the nearest failing test (``file::function``, as validation records them) to
    the fix; with ``failing_tests`` None, from the nearest of all the task's tests."""
    buggy = {name: strip_bug_markers(text) for name, text in task.buggy_files.items()}
    tests = task.test_files
    files = {name: text for name, text in {**task.shared_files, **buggy, **tests}.items() if name.endswith(".py")}
    graph = CallGraph.of(files)
    fixed = {graph.holding(file, line) for file, lines in fixed_lines(task).items() for line in lines}
    wanted = set(failing_tests) if failing_tests is not None else None
    best: tuple[int, int, str] | None = None
    for key, function in graph.functions.items():
        if function.file not in tests or not function.name.startswith("test"):
            continue
        if wanted is not None and f"{function.file}::{function.name}" not in wanted:
            continue
        path = graph.path(key, fixed)
        if path is None:
            continue
        entered = []
        for step in path[1:]:
            file = graph.functions[step].file
            if file != function.file and file not in entered:
                entered.append(file)
        candidate = (len(path) - 1, len(entered), f"{function.file}::{function.name}")
        if best is None or candidate < best:
            best = candidate
    if best is None:
        return Distance(None, None, None, tuple(sorted(fixed)))
    return Distance(best[0], best[1], best[2], tuple(sorted(fixed)))
