"""Operators on calls: a keyword argument left out, so the callee runs on its default, and two adjacent
positional arguments passed in the other order. The wrong value is made at the call and shows up inside
the callee, or wherever the callee keeps it: often far from the call."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from corpus.plant.context import FUNCTIONS, Candidate, ModuleContext
from corpus.plant.edits import Edit, SourceIndex
from corpus.plant.operators import operator

# Calls whose keywords are left alone. Logging: what they are given only changes a log line, which tests
# seldom read (`exc_info=True`, `stacklevel=2`). `format`: a template that names the keyword raises a
# KeyError at the call itself, one that does not changes nothing; no wrong value travels either way.
KEYWORDS_KEPT = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "log", "format"})
# Calls where swapping two arguments changes nothing (`max(a, b)`) or only raises a TypeError at the call
# itself (`isinstance(Cls, x)`, `getattr(name, obj)`): no wrong value travels anywhere.
SWAP_SKIPPED = frozenset({"max", "min", "isinstance", "issubclass", "super", "getattr", "setattr", "hasattr",
                          "delattr"})
# Decorators that keep a function's own signature; any other may change what it accepts.
PLAIN_DECORATORS = frozenset({"staticmethod", "classmethod"})
MISSING = object()  # the parameter has no default: leaving its keyword out raises a TypeError at the call
UNKNOWN = object()  # the callee is not a function of this module, or its signature does not say


def _calls(context: ModuleContext) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.Call]]:
    for function in context.functions():
        for node in context.own_nodes(function):
            if isinstance(node, ast.Call):
                yield function, node


def _call_name(index: SourceIndex, call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Constant):
        return f"{type(func.value.value).__name__}.{func.attr}"  # `str.format`, not the whole template
    return index.short(func)


def _shown(call: ast.Call, first: ast.AST, last: ast.AST, text: str) -> str:
    """The changed arguments' text, with `...` where other arguments stand before or after them."""
    arguments: list[ast.AST] = [*call.args, *call.keywords]
    before = any((a.lineno, a.col_offset) < (first.lineno, first.col_offset) for a in arguments)  # type: ignore[attr-defined]
    after = any((a.lineno, a.col_offset) > (last.lineno, last.col_offset) for a in arguments)  # type: ignore[attr-defined]
    return ("..., " if before else "") + text + (", ..." if after else "")


@operator("dropped_keyword_argument", "a call leaves out one keyword argument, so the callee runs on its "
          "default", category="state_corruption")
def dropped_keyword_argument(context: ModuleContext) -> Iterator[Candidate]:
    index = context.index
    for function, call in _calls(context):
        if isinstance(call.func, ast.Attribute) and call.func.attr in KEYWORDS_KEPT:
            continue
        for keyword in call.keywords:
            if keyword.arg is None:  # `**mapping`: which keys it holds is not known here
                continue
            if _restates_default(context, function, call, keyword):
                continue
            edit = _removal(index, call, keyword)
            text = f"{keyword.arg}={index.short(keyword.value)}"
            shown = _shown(call, keyword, keyword, text)
            yield context.candidate("dropped_keyword_argument", keyword, [edit],
                                    f"`{_call_name(index, call)}({shown})` leaves out `{text}`")


def _restates_default(context: ModuleContext, function: ast.AST, call: ast.Call, keyword: ast.keyword) -> bool:
    """Whether leaving the keyword out would change nothing, or only raise at the call: no candidate then."""
    default = _default_of(context, function, call, keyword.arg or "")
    if default is MISSING:
        return True  # a TypeError at the call itself, not a wrong value carried elsewhere
    passed = keyword.value
    if default is UNKNOWN:
        # Options conventionally default to None and flags to False: passing either explicitly to a callee
        # we cannot read most often restates its default. A callee of this module is checked exactly.
        return isinstance(passed, ast.Constant) and (passed.value is None or passed.value is False)
    return (isinstance(passed, ast.Constant) and isinstance(default, ast.Constant)
            and type(passed.value) is type(default.value) and passed.value == default.value)


def _default_of(context: ModuleContext, function: ast.AST, call: ast.Call, name: str) -> object:
    """The default (an ``ast`` node) of the named parameter of the callee, when it is a function or class of
    this module (`f(...)`, `Cls(...)`, `self.method(...)`); MISSING if it has none, else UNKNOWN."""
    callee = _callee(context, function, call)
    if callee is None or any(not (isinstance(d, ast.Name) and d.id in PLAIN_DECORATORS)
                             for d in callee.decorator_list):
        return UNKNOWN
    arguments = callee.args
    positional = [*arguments.posonlyargs, *arguments.args]
    first_default = len(positional) - len(arguments.defaults)
    for i, parameter in enumerate(positional):
        if parameter.arg == name:
            return arguments.defaults[i - first_default] if i >= first_default else MISSING
    for parameter, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True):
        if parameter.arg == name:
            return MISSING if default is None else default
    return UNKNOWN


def _callee(context: ModuleContext, function: ast.AST, call: ast.Call) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    func = call.func
    if isinstance(func, ast.Name):
        for node in context.tree.body:
            if isinstance(node, FUNCTIONS) and node.name == func.id:
                return node
            if isinstance(node, ast.ClassDef) and node.name == func.id:
                return _method(node, "__init__")
        return None
    owner = context.class_of(function)
    if (owner is not None and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
            and func.value.id in ("self", "cls")):
        return _method(owner, func.attr)
    return None


def _method(cls: ast.ClassDef, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    for node in cls.body:
        if isinstance(node, FUNCTIONS) and node.name == name:
            return node
    return None


def _removal(index: SourceIndex, call: ast.Call, keyword: ast.keyword) -> Edit:
    """The edit that takes one keyword out of a call's text and leaves the rest as it was written: the
    whole line when the keyword has its own lines, else the keyword and one comma beside it."""
    data = index.data
    spans = sorted(index.span(node) for node in [*call.args, *call.keywords])
    start, end = index.span(keyword)
    i = spans.index((start, end))
    close = index.span(call)[1] - 1  # the call's `)`
    following = spans[i + 1][0] if i + 1 < len(spans) else close
    if _own_lines(data, start, end, following):
        first = keyword.lineno
        last = keyword.end_lineno or first
        return index.replace_lines(first, last, "")
    if i + 1 < len(spans):  # a keyword first or in the middle: it and the comma after it go
        comma = _comma(data, end, spans[i + 1][0])
        after = comma + 1
        while data[after:after + 1] in (b" ", b"\t"):
            after += 1
        if data[after:after + 1] in (b"\n", b"\r", b"#", b"\\"):
            # The comma ends its line: the spaces before the keyword go instead of those after the comma.
            while start > 0 and data[start - 1:start] in (b" ", b"\t"):
                start -= 1
            return Edit(start, comma + 1, "")
        return Edit(start, after, "")
    if i > 0:  # the last of several: the comma before it goes, a trailing comma after it stays
        comma = _comma(data, spans[i - 1][1], start)
        if b"#" in data[comma:start]:  # a comment between them stays: the comma before it is kept
            return Edit(start, end, "")
        return Edit(comma, end, "")
    trailing = _comma(data, end, close, required=False)  # the only argument: `f(kw=v,)` becomes `f()`
    return Edit(start, end if trailing < 0 else trailing + 1, "")


def _own_lines(data: bytes, start: int, end: int, following: int) -> bool:
    """Whether nothing but indentation precedes the keyword on its first line, nothing but its comma and
    a comment follows it on its last, and no comma of its waits on a later line (before ``following``)."""
    line_start = data.rfind(b"\n", 0, start) + 1
    if data[line_start:start].strip(b" \t"):
        return False
    line_end = data.find(b"\n", end)
    if line_end < 0 or line_end >= following:
        return False
    rest = data[end:line_end].strip(b" \t\r")
    if rest.startswith(b","):
        rest = rest[1:].lstrip(b" \t")
    elif _comma(data, line_end, following, required=False) >= 0:
        return False
    return not rest or rest.startswith(b"#")


def _comma(data: bytes, start: int, end: int, *, required: bool = True) -> int:
    """The offset of the comma between two arguments: between them lie only spaces, comments, line
    breaks and the closing brackets of a parenthesized argument."""
    i = start
    while i < end:
        byte = data[i:i + 1]
        if byte == b"#":
            i = data.find(b"\n", i, end)
            if i < 0:
                break
        elif byte == b",":
            return i
        i += 1
    if required:
        raise ValueError(f"no comma between bytes {start} and {end}")
    return -1


@operator("swapped_arguments", "two adjacent positional arguments of a call (names or attribute reads) "
          "are passed in the other order", category="state_corruption")
def swapped_arguments(context: ModuleContext) -> Iterator[Candidate]:
    index = context.index
    for _, call in _calls(context):
        if isinstance(call.func, ast.Name) and call.func.id in SWAP_SKIPPED:
            continue
        for first, second in zip(call.args, call.args[1:], strict=False):
            if not (_simple_read(first) and _simple_read(second)):
                continue
            a, b = index.text(first), index.text(second)
            if a == b:
                continue
            shown = _shown(call, first, second, f"{a}, {b}")
            yield context.candidate("swapped_arguments", first, [index.replace(first, b), index.replace(second, a)],
                                    f"`{_call_name(index, call)}({shown})` passes `{b}, {a}` in the other order")


def _simple_read(node: ast.expr) -> bool:
    """A name or a chain of attribute reads on a name (`x`, `self.x`, `a.b.c`)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)
