"""The task's assertions, rewritten so that ``harness.verdict.judge`` decides them on plain data.

In every ``assert`` of a test module (before pytest's own assertion rewriting, which still explains a
failure): each comparison becomes ``judge.Eq(a, b)`` (``compare(a, "Eq", b)``) (a chain ``a < b < c`` evaluates its
operands lazily, as Python does), ``not x`` becomes ``judge.negate(x)``, the truth of the whole test, of
``and``/``or`` operands and of an ``if``-expression's condition becomes ``judge.truth(...)``, and a call of a guarded builtin by its
bare name (``len``, ``isinstance``, ``sorted``, ``all``, ...) becomes ``judge.call_len(...)`` (``call("len", ...)``) unless
the module binds that name itself. Lambdas and nested functions inside an assertion are left alone.
Stdlib only; runs on Python 3.6 and later (a repository task's own interpreter).
"""

import ast

from harness.verdict.judge import COMPARISONS, GUARDED_CALLS

JUDGE = "@stepwise_"  # the judge's functions' names start so: not a Python identifier, no test's own name
# The judge's functions an assertion calls. Each is bound by its own name (``@stepwise_compare``), not as an
# attribute of the module: pytest's own rewriting gives every attribute and call of an assertion a local
# (``@py_assert1``), so a judged node that replaces the node pytest would have given one (a comparison, a
# ``not``, a builtin's call) by one call keeps the frame's locals as plain pytest has them; a test that
# traces its own frames (PySnooper's) sees the variables it expects.
FUNCTIONS = ("chain", "truth", "negate", "pick", *COMPARISONS, *sorted(f"call_{name}" for name in GUARDED_CALLS))
DECIDED = frozenset({"chain", "truth", "negate", *COMPARISONS})  # these answer an exact bool


def _judge(attr: str, *args: ast.expr, keywords: "list[ast.keyword] | None" = None) -> ast.Call:
    return ast.Call(func=ast.Name(id=JUDGE + attr, ctx=ast.Load()), args=list(args), keywords=keywords or [])


class _Operands(ast.NodeTransformer):
    """Comparisons and guarded calls inside one assertion's expression."""

    def __init__(self, bound: "set[str]"):
        self.bound = bound

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        return node  # runs later, elsewhere: not part of this assertion's decision

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        if len(node.ops) == 1:
            return _judge(type(node.ops[0]).__name__, node.left, node.comparators[0])
        links = [ast.Tuple(elts=[ast.Constant(type(op).__name__), _thunk(node.comparators[index])], ctx=ast.Load())
                 for index, op in enumerate(node.ops)]
        return _judge("chain", node.left, *links)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id in GUARDED_CALLS and node.func.id not in self.bound:
            return _judge(f"call_{node.func.id}", *node.args, keywords=node.keywords)
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        # Each operand's truth (the judge's) decides where ``and``/``or`` stops; the value is the operand.
        return _judge("pick", ast.Constant(isinstance(node.op, ast.And)), node.values[0],
                      *[_thunk(v) for v in node.values[1:]])

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return _judge("negate", node.operand)
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        node.test = _judge("truth", node.test)
        return node


def _judged(node: ast.expr) -> "str | None":
    """The judge's function ``node`` calls, else None."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id.startswith(JUDGE):
        return node.func.id[len(JUDGE):]
    return None


def _thunk(body: ast.expr) -> ast.Lambda:
    return ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[],
                                         kwarg=None, defaults=[]), body=body)


def _bound_names(tree: ast.Module) -> "set[str]":
    """Names the module binds at its top level (a test's own ``len`` is not the builtin)."""
    bound = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Assign):
            bound.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return bound


class _Asserts(ast.NodeTransformer):
    def __init__(self, bound: "set[str]"):
        self.bound = bound
        self.count = 0

    def visit_Assert(self, node: ast.Assert) -> ast.AST:
        test = _Operands(self.bound).visit(node.test)
        node.test = test if _judged(test) in DECIDED else _judge("truth", test)
        self.count += 1
        return node


def _is_docstring(node: ast.stmt) -> bool:
    """A string statement (``Constant``; ``Str`` with ``.s`` before Python 3.8)."""
    if not isinstance(node, ast.Expr):
        return False
    value = node.value
    return isinstance(getattr(value, "value", getattr(value, "s", None)), str)


def rewrite(tree: ast.Module) -> int:
    """Rewrite ``tree``'s assertions in place; returns how many. Adds the judge's import after the
    docstring and ``__future__`` imports."""
    asserts = _Asserts(_bound_names(tree))
    asserts.visit(tree)
    if not asserts.count:
        return 0
    position = 0
    for index, node in enumerate(tree.body):
        if (index == 0 and _is_docstring(node)) or (isinstance(node, ast.ImportFrom) and node.module == "__future__"):
            position = index + 1
    lineno = tree.body[position].lineno if position < len(tree.body) else 1
    imported = ast.ImportFrom(module="harness.verdict.judge", level=0,
                              names=[ast.alias(name=name, asname=JUDGE + name) for name in FUNCTIONS])
    for node in ast.walk(imported):
        node.lineno = node.end_lineno = lineno  # type: ignore[attr-defined]
        node.col_offset = node.end_col_offset = 0  # type: ignore[attr-defined]
    tree.body.insert(position, imported)
    ast.fix_missing_locations(tree)
    return asserts.count
