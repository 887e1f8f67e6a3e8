"""Operators on state: updates dropped, misplaced or applied to the wrong object, a local's rebinding
dropped, missing copies, shared mutable defaults, cache keys that omit an argument, accumulated indexes
off by one, and a variable swapped for another of the same kind."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from corpus.plant.context import FUNCTIONS, Candidate, ModuleContext
from corpus.plant.operators import operator

# Methods that change the object they are called on (lists, dicts, sets, deques, counters).
MUTATING_METHODS = frozenset({"append", "extend", "insert", "remove", "pop", "popleft", "appendleft", "clear",
                              "add", "discard", "update", "setdefault", "sort", "reverse"})
COPY_CALLS = frozenset({"list", "dict", "set", "bytearray"})
EMPTY_LITERALS = (ast.List, ast.Dict, ast.Set)
LOOPS = (ast.For, ast.AsyncFor, ast.While)
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


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


@operator("dropped_rebinding", "a step that rebinds a local variable to a value computed from its old one "
          "is dropped, so the stale value flows on", category="state_corruption")
def dropped_rebinding(context: ModuleContext) -> Iterator[Candidate]:
    index = context.index
    for function in context.functions():
        own = list(context.own_nodes(function))
        loads = [node for node in own if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)]
        declared = _declared_outside(own)
        for statement in own:
            if not (isinstance(statement, ast.Assign) and statement.lineno == statement.end_lineno):
                continue
            names = _rebound_names(statement)
            if (names is None or declared & set(names) or not _alone_on_line(context, statement)
                    or not _read_again(context, statement, names, loads)):
                continue
            indent = index.indent_of(statement.lineno)
            yield context.candidate("dropped_rebinding", statement,
                                    [index.replace_lines(statement.lineno, statement.lineno, f"{indent}pass\n")],
                                    f"dropped `{index.text(statement)}`, so `{', '.join(names)}` keeps its old value")


def _rebound_names(statement: ast.Assign) -> list[str] | None:
    """The names a plain assignment rebinds to values computed from their own old ones (`parts = parts[1:]`,
    `a, b = b, a + b`), or None. Augmented assignments are drop_state_update's; attribute and item targets
    are state, not locals."""
    if len(statement.targets) != 1:
        return None
    target, value = statement.targets[0], statement.value
    elements = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
    if not all(isinstance(element, ast.Name) for element in elements) or isinstance(value, ast.Name):
        return None  # `x = x` changes nothing
    if any(isinstance(node, (ast.Yield, ast.YieldFrom)) for node in ast.walk(value)):
        return None  # dropping a generator's only yield would change what the function is
    names = [element.id for element in elements]  # type: ignore[attr-defined]
    read = _reads(value)
    # Every target from its own old value: a name bound here for the first time would be unbound, a crash
    # rather than a stale value.
    return names if all(name in read for name in names) and len(set(names)) == len(names) else None


def _reads(node: ast.AST) -> set[str]:
    """The names of the enclosing scope an expression reads when it runs: a lambda's body runs later, and a
    comprehension's own variables are not the function's (`line = [line for line in lines]` binds anew)."""
    found: set[str] = set()
    stack: list[tuple[ast.AST, frozenset[str]]] = [(node, frozenset())]
    while stack:
        current, hidden = stack.pop()
        if isinstance(current, ast.Lambda):
            continue
        if isinstance(current, COMPREHENSIONS):
            hidden = hidden | {target.id for generator in current.generators
                               for target in ast.walk(generator.target) if isinstance(target, ast.Name)}
        if isinstance(current, ast.Name) and isinstance(current.ctx, ast.Load) and current.id not in hidden:
            found.add(current.id)
        stack.extend((child, hidden) for child in ast.iter_child_nodes(current))
    return found


def _declared_outside(own: list[ast.AST]) -> set[str]:
    """Names a function declares global or nonlocal: rebinding them changes state outside the call."""
    return {name for node in own if isinstance(node, (ast.Global, ast.Nonlocal)) for name in node.names}


def _alone_on_line(context: ModuleContext, statement: ast.stmt) -> bool:
    """The statement is its line's only code (a comment aside): replacing the line drops nothing else."""
    index = context.index
    line = index.lines(statement.lineno, statement.lineno).rstrip("\r\n")
    code = line[len(index.indent_of(statement.lineno)):]
    text = index.text(statement)
    rest = code[len(text):].strip()
    return code.startswith(text) and (not rest or rest.startswith("#"))


def _read_again(context: ModuleContext, statement: ast.stmt, names: list[str], loads: list[ast.Name]) -> bool:
    """Some target is read after the statement: on a later line, or anywhere in a loop body that holds it
    (the next iteration). Reads in the statement itself do not count: they go with it."""
    if any(load.id in names and load.lineno > statement.lineno for load in loads):
        return True
    child: ast.AST = statement
    parent = context.parents.get(child)
    while parent is not None and not isinstance(parent, FUNCTIONS):
        if isinstance(parent, LOOPS) and child in parent.body:
            repeated = {id(node) for part in [*parent.body, *([parent.test] if isinstance(parent, ast.While) else [])]
                        for node in ast.walk(part)}
            if any(load.id in names and load.lineno != statement.lineno and id(load) in repeated for load in loads):
                return True
        child, parent = parent, context.parents.get(parent)
    return False


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
          category="caching", stored=True)
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


@operator("accumulated_index_off_by_one", "an index or counter accumulated in a loop starts one off", category="off_by_one")
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
          "same annotation or a default of the same type, a local first set to the same kind of literal, or an "
          "attribute initialised the same way)", category="state_corruption")
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
        yield from _local_peers(context, function)
    yield from _attribute_peers(context)


def _local_peers(context: ModuleContext, function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[Candidate]:
    """Peers in unannotated code: parameters defaulting to the same type of constant, and locals first bound,
    at the function body's top level, to the same kind of literal. A read is swapped only where both names
    are surely bound: in the function's own code, after both first bindings."""
    own = list(context.own_nodes(function))
    first, deleted = _first_bindings(own)
    outside = _declared_outside(own)
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    defaults = [*zip(positional[len(positional) - len(args.defaults):], args.defaults, strict=True),
                *((param, default) for param, default in zip(args.kwonlyargs, args.kw_defaults, strict=True)
                  if default is not None)]
    bound_after: dict[str, int] = {}  # name -> the line after which it is surely bound (0: a parameter)
    kinds: dict[str, str] = {}
    for param, default in defaults:
        kind = _constant_kind(default)
        if kind is not None and param.arg not in deleted:
            kinds[param.arg], bound_after[param.arg] = kind, 0
    params = {param.arg for param in [*positional, *args.kwonlyargs, args.vararg, args.kwarg] if param is not None}
    for statement in function.body:
        if not (isinstance(statement, ast.Assign) and all(isinstance(t, ast.Name) for t in statement.targets)):
            continue
        kind = _constant_kind(statement.value) or _empty_container_kind(statement.value)
        for target in statement.targets:
            name = target.id  # type: ignore[attr-defined]
            if (kind is not None and name not in params and name not in kinds and name not in outside
                    and name not in deleted and first.get(name) == statement.lineno):
                kinds[name], bound_after[name] = kind, statement.end_lineno or statement.lineno
    groups: dict[str, list[str]] = {}
    for name, kind in kinds.items():
        groups.setdefault(kind, []).append(name)
    for node in own:
        if not (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in kinds
                and context.index.text(node) == node.id):
            continue
        for other in groups[kinds[node.id]]:
            if (other != node.id and node.lineno > max(bound_after[node.id], bound_after[other])
                    and not _comprehension_binds(context, node, {node.id, other})):
                yield context.candidate("wrong_variable", node, [context.index.replace(node, other)],
                                        f"reads `{other}` where `{node.id}` was read")


def _constant_kind(value: ast.expr) -> str | None:
    """`0`, `-1`, `""`, `True`: the type of a plain constant (None is no kind: it stands in for any)."""
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, (ast.USub, ast.UAdd)):
        value = value.operand
        if not (isinstance(value, ast.Constant) and type(value.value) in (int, float)):
            return None
    if isinstance(value, ast.Constant) and type(value.value) in (int, float, complex, str, bytes, bool):
        return type(value.value).__name__
    return None


def _empty_container_kind(value: ast.expr) -> str | None:
    """`[]`, `{}`, `list()`, `dict()`, `set()`: the type of a fresh empty container."""
    if isinstance(value, ast.List) and not value.elts:
        return "list"
    if isinstance(value, ast.Dict) and not value.keys:
        return "dict"
    if (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("list", "dict", "set")
            and not value.args and not value.keywords):
        return value.func.id
    return None


def _first_bindings(own: list[ast.AST]) -> tuple[dict[str, int], set[str]]:
    """The line of each name's first binding in a function's own code (any kind: assignment, loop target,
    import, `except ... as`, nested definition), and the names it deletes."""
    first: dict[str, int] = {}
    deleted: set[str] = set()
    for node in own:
        names: list[str] = []
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names = [node.id]
            if isinstance(node.ctx, ast.Del):
                deleted.add(node.id)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names = [node.name]
        elif isinstance(node, ast.alias):
            names = [node.asname or node.name.split(".")[0]]
        elif isinstance(node, (*FUNCTIONS, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            names = [node.name]
        elif isinstance(node, ast.MatchMapping) and node.rest:
            names = [node.rest]
        line = getattr(node, "lineno", None)
        for name in names:
            if line is not None and (name not in first or line < first[name]):
                first[name] = line
    return first, deleted


def _comprehension_binds(context: ModuleContext, node: ast.AST, names: set[str]) -> bool:
    """A comprehension around the read binds one of the names: there it is the comprehension's own variable."""
    current = context.parents.get(node)
    while current is not None and not isinstance(current, FUNCTIONS):
        if isinstance(current, COMPREHENSIONS):
            for generator in current.generators:
                if any(isinstance(t, ast.Name) and t.id in names for t in ast.walk(generator.target)):
                    return True
        current = context.parents.get(current)
    return False


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
