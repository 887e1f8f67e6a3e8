"""JSON a model wrote (a tool call, its arguments), read with a bound on nesting.

``json.loads`` of ``[[[[…]]]]`` a few thousand levels deep raises ``RecursionError`` (not a
``ValueError``), and a structure just under the interpreter's limit still breaks every later
``json.dumps`` of the trajectory. A tool call never needs more than a few levels, so deeper input is
refused here with a ``ValueError`` that says so. Standard library only: the sandbox imports it too.
"""

from __future__ import annotations

import json

MAX_DEPTH = 32  # levels of arrays/objects a tool call may hold (breakpoints=[{file, lines: [..]}] is 3)


class TooDeep(ValueError):
    """The JSON nests deeper than ``MAX_DEPTH``; ``str()`` says so in words a model can act on."""


def depth(value, limit: int = MAX_DEPTH) -> int:
    """How many levels of lists and dicts ``value`` holds, counting no further than ``limit + 1``
    (iterative, so no input can exhaust the stack)."""
    deepest, pending = 0, [(value, 1)]
    while pending:
        item, level = pending.pop()
        if not isinstance(item, list | dict):
            continue
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
        pending.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH):
    """``json.loads`` for untrusted text: ``json.JSONDecodeError`` as usual for bad JSON, ``TooDeep``
    for nesting past ``max_depth`` (however deep: never a RecursionError)."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeep(f"the JSON is nested too deeply (more than {max_depth} levels of arrays or objects); "
                      "a tool call's arguments are a flat object of strings and numbers") from None
    if depth(value, max_depth) > max_depth:
        raise TooDeep(f"the JSON is nested more than {max_depth} levels deep; a tool call's arguments are a flat "
                      "object of strings and numbers")
    return value
