"""Operators on state: updates dropped, misplaced or applied to the wrong object, missing copies,
shared mutable defaults, cache keys that omit an argument, accumulated indexes off by one, and a
variable swapped for another of the same kind."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from corpus.plant.context import Candidate, ModuleContext
from corpus.plant.operators import operator

# Methods that change the object they are called on (lists, dicts, sets, deques, counters).
MUTATING_METHODS = frozenset({"append", "extend", "insert", "remove", "pop", "popleft", "appendleft", "clear",
                              "add", "discard", "update", "setdefault", "sort", "reverse"})
COPY_CALLS = frozenset({"list", "dict", "set", "bytearray"})
EMPTY_LITERALS = (ast.List, ast.Dict, ast.Set)


def _is_state_target(target: ast.expr) -> bool:
    """An attribute or item store: state that outlives the statement (not a plain local)."""
    return isinstance(target, (ast.Attribute, ast.Subscript))


def _state_update(statement: ast.stmt) -> bool:
    if isinstance(statement, ast.AugAssign):
        return True
    if isinstance(statement, ast.Assign):
        return any(_is_state_target(target) for target in statement.targets)
    if isinstance(statement, ast.AnnAssign):
        return statement.value is not None and _is_state_target(statement.target)
    return _mutating_call(statement) is not None


def _mutating_call(statement: ast.stmt) -> ast.Call | None:
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        func = statement.value.func
        if isinstance(func, ast.Attribute) and func.attr in MUTATING_METHODS:
            return statement.value
    return None


def _statement_lists(context: ModuleContext, function: ast.AST) -> Iterator[list[ast.stmt]]:
    for node in [function, *context.own_nodes(function)]:  # type: ignore[arg-type]
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                yield body
        for handler in getattr(node, "handlers", []) or []:
            yield handler.body


@operator("drop_state_update", "an update of state that outlives the call (an attribute, an item, a "
          "mutating method) is dropped", category="state_corruption", stored=True)
def drop_state_update(context: ModuleContext) -> Iterator[Candidate]:
    for function in context.functions():
        for body in _statement_lists(context, function):
            for statement in body:
                if _state_update(statement) and statement.lineno == statement.end_lineno:
                    indent = context.index.indent_of(statement.lineno)
                    edit = context.index.replace_lines(statement.lineno, statement.lineno, f"{indent}pass\n")
                    yield context.candidate("drop_state_update", statement, [edit],
                                            f"dropped `{context.index.text(statement)}`")


@operator("misplaced_update", "a state update at the end of a loop body is moved after the loop, so it "
          "happens once instead of per item", category="state_corruption")
def misplaced_update(context: ModuleContext) -> Iterator[Candidate]:
    for function in context.functions():
        for node in context.own_nodes(function):
            if not isinstance(node, (ast.For, ast.AsyncFor, ast.While)) or node.orelse or len(node.body) < 2:
                continue
            last = node.body[-1]
            if not _state_update(last) or last.lineno != last.end_lineno or node.end_lineno != last.lineno:
                continue
            index = context.index
            loop_indent, body_indent = index.indent_of(node.lineno), index.indent_of(last.lineno)
            line = index.lines(last.lineno, last.lineno)
            moved = loop_indent + line[len(body_indent):]
            if not moved.endswith("\n"):
                moved += "\n"
            # The update is the loop body's last line: written again one level out, it runs once after the loop.
            yield context.candidate("misplaced_update", last, [index.replace_lines(last.lineno, last.lineno, moved)],
                                    f"moved `{index.text(last)}` out of its loop")


@operator("missing_copy", "a copy is dropped, so two owners share one mutable object (aliasing)",
          category="aliasing", stored=True)
def missing_copy(context: ModuleContext) -> Iterator[Candidate]:
    for function in context.functions():
        for node in context.own_nodes(function):
            inner: ast.expr | None = None
            if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
                func = node.func
                if isinstance(func, ast.Name) and func.id in COPY_CALLS:
                    inner = node.args[0]
                elif (isinstance(func, ast.Attribute) and func.attr in ("copy", "deepcopy")
                      and isinstance(func.value, ast.Name) and func.value.id == "copy"):
                    inner = node.args[0]
            elif (isinstance(node, ast.Call) and not node.args and not node.keywords
                  and isinstance(node.func, ast.Attribute) and node.func.attr == "copy"):
                inner = node.func.value
            elif (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice)
                  and node.slice.lower is None and node.slice.upper is None and node.slice.step is None
                  and isinstance(node.ctx, ast.Load)):
                inner = node.value
            if isinstance(inner, (ast.Name, ast.Attribute, ast.Subscript)):
                yield context.candidate("missing_copy", node, [context.index.replace(node, context.index.text(inner))],
                                        f"`{context.index.text(node)}` no longer copies")


@operator("shared_mutable_default", "a parameter defaulting to None and filled with a fresh container "
          "gets the container as its default, shared by every call", category="aliasing", stored=True)
def shared_mutable_default(context: ModuleContext) -> Iterator[Candidate]:
    for function in context.functions():
        args = function.args
        positional = [*args.posonlyargs, *args.args]
        defaults = dict(zip([a.arg for a in positional[len(positional) - len(args.defaults):]], args.defaults,
                            strict=True))
        defaults.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None})
        for statement in function.body:
            if not (isinstance(statement, ast.If) and not statement.orelse and len(statement.body) == 1):
                continue
            test, fill = statement.test, statement.body[0]
            if not (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and len(test.ops) == 1
                    and isinstance(test.ops[0], ast.Is) and isinstance(test.comparators[0], ast.Constant)
                    and test.comparators[0].value is None):
                continue
            name = test.left.id
            default = defaults.get(name)
            if not (isinstance(default, ast.Constant) and default.value is None and isinstance(fill, ast.Assign)
                    and len(fill.targets) == 1 and isinstance(fill.targets[0], ast.Name)
                    and fill.targets[0].id == name and _fresh_container(fill.value)):
                continue
            index = context.index
            indent = index.indent_of(statement.lineno)
            edits = [index.replace(default, index.text(fill.value)),
                     index.replace_lines(statement.lineno, statement.end_lineno or statement.lineno, f"{indent}pass\n")]
            yield context.candidate("shared_mutable_default", statement, edits,
                                    f"`{name}` defaults to one shared `{index.text(fill.value)}`")


def _fresh_container(value: ast.expr) -> bool:
    if isinstance(value, EMPTY_LITERALS):
        return True
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in COPY_CALLS


@operator("cache_key_drops_argument", "a cache or memo key built from several values omits one of them",
          category="stale_cache", stored=True)
def cache_key_drops_argument(context: ModuleContext) -> Iterator[Candidate]:
    for function in context.functions():
        for node in context.own_nodes(function):
            key: ast.expr | None = None
            if isinstance(node, ast.Subscript):
                key = node.slice
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                    and "key" in node.targets[0].id.lower():
                key = node.value
            if not (isinstance(key, ast.Tuple) and len(key.elts) >= 2
                    and all(isinstance(elt, (ast.Name, ast.Attribute)) for elt in key.elts)):
                continue
            index = context.index
            for dropped in range(len(key.elts)):
                kept = [index.text(elt) for i, elt in enumerate(key.elts) if i != dropped]
                text = f"({kept[0]},)" if len(kept) == 1 else ", ".join(kept)
                if index.text(key).startswith("(") and len(kept) > 1:
                    text = f"({text})"
                yield context.candidate("cache_key_drops_argument", key, [index.replace(key, text)],
                                        f"the key `{index.text(key)}` omits `{index.text(key.elts[dropped])}`")


@operator("accumulated_index_off_by_one", "an index or counter accumulated in a loop starts one off", category="state_corruption")
def accumulated_index_off_by_one(context: ModuleContext) -> Iterator[Candidate]:
    for function in context.functions():
        nodes = list(context.own_nodes(function))
        bumped = {node.target.id for node in nodes
                  if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name)
                  and isinstance(node.op, (ast.Add, ast.Sub)) and isinstance(node.value, ast.Constant)
                  and node.value.value == 1}
        for node in nodes:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                    and node.targets[0].id in bumped and isinstance(node.value, ast.Constant)
                    and type(node.value.value) is int):
                value = node.value.value
                yield context.candidate("accumulated_index_off_by_one", node,
                                        [context.index.replace(node.value, str(value + 1))],
                                        f"`{node.targets[0].id}` starts at {value + 1} instead of {value}")


@operator("update_wrong_object", "a mutating call goes to another attribute of the same object that "
          "receives the same kind of call elsewhere", category="state_corruption", stored=True)
def update_wrong_object(context: ModuleContext) -> Iterator[Candidate]:
    for cls in (node for node in ast.walk(context.tree) if isinstance(node, ast.ClassDef)):
        receivers: dict[str, list[str]] = {}  # method -> self attributes it is called on, in order
        calls: list[tuple[ast.Call, str, str]] = []
        for node in ast.walk(cls):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in MUTATING_METHODS and isinstance(node.func.value, ast.Attribute)
                    and isinstance(node.func.value.value, ast.Name) and node.func.value.value.id == "self"):
                attribute = node.func.value.attr
                names = receivers.setdefault(node.func.attr, [])
                if attribute not in names:
                    names.append(attribute)
                calls.append((node, node.func.attr, attribute))
        for call, method, attribute in calls:
            for other in receivers[method]:
                if other != attribute:
                    receiver = call.func.value  # type: ignore[union-attr]
                    yield context.candidate("update_wrong_object", call,
                                            [context.index.replace(receiver, f"self.{other}")],
                                            f"`self.{attribute}.{method}(...)` goes to `self.{other}`")


@operator("wrong_variable", "a value is read from another variable of the same kind (a parameter with the "
          "same annotation, or an attribute initialised the same way)", category="state_corruption")
def wrong_variable(context: ModuleContext) -> Iterator[Candidate]:
    for function in context.functions():
        params = [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]
        by_annotation: dict[str, list[str]] = {}
        for param in params:
            if param.annotation is not None:
                by_annotation.setdefault(ast.dump(param.annotation), []).append(param.arg)
        peers = {name: [other for other in group if other != name]
                 for group in by_annotation.values() if len(group) > 1 for name in group}
        for node in context.own_nodes(function):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in peers:
                for other in peers[node.id]:
                    yield context.candidate("wrong_variable", node, [context.index.replace(node, other)],
                                            f"reads `{other}` where `{node.id}` was read")
    yield from _attribute_peers(context)


def _attribute_peers(context: ModuleContext) -> Iterator[Candidate]:
    for cls in (node for node in ast.walk(context.tree) if isinstance(node, ast.ClassDef)):
        init = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
        if init is None:
            continue
        kinds: dict[str, str] = {}
        for statement in init.body:
            if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                    and isinstance(statement.targets[0], ast.Attribute)
                    and isinstance(statement.targets[0].value, ast.Name) and statement.targets[0].value.id == "self"
                    and isinstance(statement.value, (ast.Constant, *EMPTY_LITERALS))):
                value = statement.value
                kind = type(value.value).__name__ if isinstance(value, ast.Constant) else type(value).__name__
                kinds[statement.targets[0].attr] = kind
        groups: dict[str, list[str]] = {}
        for name, kind in kinds.items():
            groups.setdefault(kind, []).append(name)
        for method in cls.body:
            if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) or method.name == "__init__":
                continue
            for node in context.own_nodes(method):
                if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)
                        and isinstance(node.value, ast.Name) and node.value.id == "self" and node.attr in kinds):
                    for other in groups[kinds[node.attr]]:
                        if other != node.attr:
                            yield context.candidate("wrong_variable", node,
                                                    [context.index.replace(node, f"self.{other}")],
                                                    f"reads `self.{other}` where `self.{node.attr}` was read")
