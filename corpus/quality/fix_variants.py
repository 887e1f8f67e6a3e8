"""Plausible wrong, partial and equivalent fixes of a bug, generated from its two versions (nothing runs).

A task's tests pin the fix when they reject every wrong fix and accept every right one. Generated here,
each confined to the fixed region (the lines the fix changed), from any buggy/correct pair:

- ``partial``: one hunk of a fix with several, applied alone to the buggy version (must fail);
- ``mutant``: the correct version with one operator, constant, ``round``/``int``, ``min``/``max`` or
  condition changed inside the fixed region (must fail);
- ``wrong_fix``: the buggy version with one of the changes a hurried fixer tries in the fixed region
  (``int`` to ``round``, ``min`` to ``max``, a comparison's boundary) (must fail);
- ``equivalent``: the correct version rewritten without changing its meaning for a caller that does not
  test types: a list where a tuple was built, two independent assignments swapped (must pass).

A variant that does not compile, or whose code equals the correct (or buggy) version, is not kept.
"""

from __future__ import annotations

import ast
import copy
import difflib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

KINDS = ("partial", "mutant", "wrong_fix", "equivalent")
MUST_PASS = {"equivalent"}


@dataclass(frozen=True)
class FixVariant:
    kind: str
    file: str
    line: int  # where the change is, in the version it was made to
    description: str
    files: dict[str, str]  # every fixed module, as this variant has it

    @property
    def must_pass(self) -> bool:
        return self.kind in MUST_PASS


def fixed_region(buggy: str, correct: str, *, neighbours: bool = True) -> tuple[set[int], set[int]]:
    """(buggy lines, correct lines) the fix touches, 1-based; with ``neighbours``, a side where the fix
    only inserts or only deletes marks the lines around the place."""
    a, b = buggy.splitlines(), correct.splitlines()
    left, right = set(), set()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        left.update(range(i1 + 1, i2 + 1) if i2 > i1 else {max(1, i1), i1 + 1} if neighbours else set())
        right.update(range(j1 + 1, j2 + 1) if j2 > j1 else {max(1, j1), j1 + 1} if neighbours else set())
    return left, right


def _same_code(a: str, b: str) -> bool:
    try:
        return ast.dump(ast.parse(a)) == ast.dump(ast.parse(b))
    except SyntaxError:
        return False


def _compiles(text: str) -> bool:
    try:
        compile(text, "<variant>", "exec")
        return True
    except (SyntaxError, ValueError):
        return False


# --- node rewrites: each yields (description, replacement node) for one node --------------------------

BIN_SWAPS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.FloorDiv,
             ast.FloorDiv: ast.Div, ast.Mod: ast.FloorDiv}
CMP_SWAPS = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
             ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In}
BOUNDARY_SWAPS = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
CALL_SWAPS = {"round": "int", "int": "round", "min": "max", "max": "min", "floor": "ceil", "ceil": "floor"}


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _renamed_call(node: ast.Call, name: str) -> ast.Call:
    new = copy.deepcopy(node)
    if isinstance(new.func, ast.Name):
        new.func.id = name
    elif isinstance(new.func, ast.Attribute):
        new.func.attr = name
    if name == "int":
        new.args, new.keywords = new.args[:1], []  # int(x) takes no ndigits
    return new


def _mutations(node: ast.AST, *, plausible_fixes_only: bool) -> Iterator[tuple[str, ast.AST]]:
    if isinstance(node, ast.Call) and (name := _call_name(node)) in CALL_SWAPS and node.args:
        yield f"{name}(...) -> {CALL_SWAPS[name]}(...)", _renamed_call(node, CALL_SWAPS[name])
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        swaps = BOUNDARY_SWAPS if plausible_fixes_only else CMP_SWAPS
        if type(node.ops[0]) in swaps:
            new = copy.deepcopy(node)
            new.ops = [swaps[type(node.ops[0])]()]
            yield f"comparison {ast.unparse(node)} -> {ast.unparse(new)}", new
    if plausible_fixes_only:
        # Not constants: on the buggy side a constant off by one is as often the real fix as a wrong one.
        return
    if isinstance(node, ast.Constant) and type(node.value) is int and abs(node.value) < 10**9:
        for delta in (1, -1):
            yield f"constant {node.value} -> {node.value + delta}", ast.Constant(node.value + delta)
    if isinstance(node, ast.BinOp) and type(node.op) in BIN_SWAPS:
        new = copy.deepcopy(node)
        new.op = BIN_SWAPS[type(node.op)]()
        yield f"operator in {ast.unparse(node)} -> {ast.unparse(new)}", new
    if isinstance(node, ast.Constant) and type(node.value) is bool:
        yield f"constant {node.value} -> {not node.value}", ast.Constant(not node.value)
    if isinstance(node, ast.BoolOp) and len(node.values) >= 2:
        for index in range(len(node.values)):
            rest = [v for i, v in enumerate(node.values) if i != index]
            new = rest[0] if len(rest) == 1 else ast.BoolOp(op=node.op, values=rest)
            yield f"condition {ast.unparse(node.values[index])} dropped from {ast.unparse(node)}", new
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield f"negation dropped: {ast.unparse(node)} -> {ast.unparse(node.operand)}", node.operand


def _equivalents(node: ast.AST, parent: ast.AST | None) -> Iterator[tuple[str, ast.AST]]:
    # A tuple built as a value (assigned or returned, or tuple(...) of an iterable) becomes a list.
    if isinstance(node, ast.Call) and _call_name(node) == "tuple" and isinstance(node.func, ast.Name) \
            and len(node.args) == 1 and not node.keywords:
        yield f"{ast.unparse(node)} built as a list", _renamed_call(node, "list")
    if isinstance(node, ast.Tuple) and isinstance(parent, (ast.Return, ast.Assign)) and node.elts \
            and getattr(parent, "value", None) is node:
        yield f"{ast.unparse(node)} returned as a list", ast.List(elts=node.elts, ctx=ast.Load())


def _replace_segment(text: str, node: ast.AST, replacement: ast.AST) -> str:
    lines = text.splitlines(keepends=True)
    start, end = node.lineno - 1, node.end_lineno - 1  # type: ignore[attr-defined]
    head = lines[start][:_char_offset(lines[start], node.col_offset)]  # type: ignore[attr-defined]
    tail = lines[end][_char_offset(lines[end], node.end_col_offset):]  # type: ignore[attr-defined]
    new = ast.unparse(replacement)
    if isinstance(replacement, (ast.BoolOp, ast.BinOp, ast.Compare, ast.UnaryOp)):
        new = f"({new})"
    return "".join(lines[:start]) + head + new + tail + "".join(lines[end + 1:])


def _char_offset(line: str, byte_offset: int) -> int:
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", "replace"))


def _region_nodes(text: str, region: set[int]) -> Iterator[tuple[ast.AST, ast.AST | None]]:
    tree = ast.parse(text)
    for parent in ast.walk(tree):
        for child in ast.iter_child_nodes(parent):
            line = getattr(child, "lineno", None)
            if line is not None and isinstance(child, ast.expr) and line in region \
                    and child.end_lineno in region:  # type: ignore[attr-defined]
                yield child, parent


def _independent_swaps(text: str, region: set[int]) -> Iterator[tuple[str, str]]:
    """Two adjacent single-line assignments in the region, neither reading the other's name nor calling
    anything: swapped."""
    tree = ast.parse(text)
    for parent in ast.walk(tree):
        for field_name in ("body", "orelse", "finalbody"):
            body = getattr(parent, field_name, None)
            if not isinstance(body, list):
                continue
            for first, second in zip(body, body[1:], strict=False):
                if not all(isinstance(s, ast.Assign) and s.lineno == s.end_lineno and s.lineno in region
                           and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
                           and not any(isinstance(n, (ast.Call, ast.Await, ast.Yield)) for n in ast.walk(s.value))
                           for s in (first, second)):
                    continue
                names = [{n.id for n in ast.walk(s.value) if isinstance(n, ast.Name)} for s in (first, second)]
                a, b = first.targets[0].id, second.targets[0].id  # type: ignore[attr-defined]
                if a == b or a in names[1] or b in names[0]:
                    continue
                lines = text.splitlines(keepends=True)
                i, j = first.lineno - 1, second.lineno - 1
                if j != i + 1:
                    continue
                lines[i], lines[j] = lines[j], lines[i]
                yield f"independent assignments to {a} and {b} swapped", "".join(lines)


def _node_variants(text: str, region: set[int],
                   rewrite: Callable[[ast.AST, ast.AST | None], Iterator[tuple[str, ast.AST]]]
                   ) -> Iterator[tuple[int, str, str]]:
    try:
        nodes = list(_region_nodes(text, region))
    except SyntaxError:
        return
    for node, parent in nodes:
        for description, replacement in rewrite(node, parent):
            yield node.lineno, description, _replace_segment(text, node, replacement)  # type: ignore[attr-defined]


def generate(buggy: dict[str, str], correct: dict[str, str], *, limit_per_kind: int = 12) -> list[FixVariant]:
    """Every kind of variant of the fix from ``buggy`` to ``correct`` (module name -> text, bug markers
    already stripped), at most ``limit_per_kind`` of each, spread over the fixed region in order."""
    changed = sorted(n for n in set(buggy) & set(correct) if buggy[n] != correct[n])
    out: dict[str, list[FixVariant]] = {kind: [] for kind in KINDS}
    seen: set[str] = set()

    def keep(kind: str, name: str, line: int, description: str, text: str, base: dict[str, str]) -> None:
        files = {n: base[n] for n in changed} | {name: text}
        key = repr(sorted((n, ast.dump(ast.parse(t))) for n, t in files.items())) if _compiles(text) else None
        if key is None or key in seen:
            return
        if all(_same_code(files[n], correct[n]) for n in changed) or (
                kind != "equivalent" and all(_same_code(files[n], buggy[n]) for n in changed)):
            return
        seen.add(key)
        out[kind].append(FixVariant(kind, name, line, description, files))

    hunks = [(name, op) for name in changed for op in _hunks(buggy[name], correct[name])]
    meaningful = [(name, op) for name, op in hunks if not _trivial_hunk(buggy[name], correct[name], op)]
    if len(meaningful) >= 2:
        for number, (name, op) in enumerate(meaningful, 1):
            text = _apply_hunks(buggy[name], correct[name], [op])
            keep("partial", name, op[1] + 1, f"hunk {number} of {len(meaningful)} alone ({name}, buggy lines "
                 f"{op[1] + 1}-{max(op[1] + 1, op[2])})", text, buggy)
    for name in changed:
        left, right = fixed_region(buggy[name], correct[name])
        for line, description, text in _node_variants(
                correct[name], right, lambda node, _parent: _mutations(node, plausible_fixes_only=False)):
            keep("mutant", name, line, description, text, correct)
        for line, description, text in _node_variants(
                buggy[name], left, lambda node, _parent: _mutations(node, plausible_fixes_only=True)):
            keep("wrong_fix", name, line, description, text, buggy)
        # Equivalents rewrite only what the fix wrote, never the code around a deletion.
        _, written = fixed_region(buggy[name], correct[name], neighbours=False)
        for line, description, text in _node_variants(correct[name], written, _equivalents):
            keep("equivalent", name, line, description, text, correct)
        try:
            for description, text in _independent_swaps(correct[name], written):
                keep("equivalent", name, 0, description, text, correct)
        except SyntaxError:
            pass
    return [v for kind in KINDS for v in _spread(out[kind], limit_per_kind)]


def _spread(items: list[FixVariant], limit: int) -> list[FixVariant]:
    if len(items) <= limit:
        return items
    step = len(items) / limit
    return [items[int(i * step)] for i in range(limit)]


def _hunks(buggy: str, correct: str) -> list[tuple[str, int, int, int, int]]:
    matcher = difflib.SequenceMatcher(a=buggy.splitlines(), b=correct.splitlines(), autojunk=False)
    return [op for op in matcher.get_opcodes() if op[0] != "equal"]


def _trivial_hunk(buggy: str, correct: str, op: tuple[str, int, int, int, int]) -> bool:
    """A hunk that changes only blank lines, comments or imports."""
    _, i1, i2, j1, j2 = op
    lines = buggy.splitlines()[i1:i2] + correct.splitlines()[j1:j2]
    return all(not s.strip() or s.strip().startswith(("#", "import ", "from ")) for s in lines)


def _apply_hunks(buggy: str, correct: str, ops: list[tuple[str, int, int, int, int]]) -> str:
    a, b = buggy.splitlines(keepends=True), correct.splitlines(keepends=True)
    out, position = [], 0
    for _, i1, i2, j1, j2 in sorted(ops, key=lambda op: op[1]):
        out += a[position:i1] + b[j1:j2]
        position = i2
    # Imports the fix added travel with every hunk: a hunk alone should fail on its logic, not a NameError.
    text = "".join(out + a[position:])
    added = [line for tag, i1, i2, j1, j2 in _hunks(buggy, correct) if tag != "delete"
             for line in b[j1:j2] if line.startswith(("import ", "from "))]
    missing = [line for line in added if line not in text]
    if not missing:
        return text
    lines = text.splitlines(keepends=True)
    after = max((i + 1 for i, line in enumerate(lines) if line.startswith("from __future__")), default=0)
    return "".join(lines[:after] + missing + lines[after:])
