"""The tool catalogue: one declarative entry per model-facing tool (name, arms, JSON schema, kind and
flags), with no handler. The arm toolsets, the schemas a model is offered, the argument check and the
tool groups all come from here; the session binds each name to its handler (``harness.tools``), so
reading a trajectory needs the catalogue and never the debugger. Standard library only: it runs inside
sandboxes.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from harness.arms import ARMS, check_arm
from harness.files import text_problem

NO_ARGS = {"type": "object", "properties": {}, "required": []}
# What a tool does, one word each; scoring, replay, the live view and the prompt derive their groups
# from it (harness.records.groups), so a new tool is classified where it is declared.
KINDS = ("start", "control", "breakpoint", "inspection", "navigation", "edit", "shell", "finish")
_TYPES = {"string": (str,), "integer": (int,), "array": (list,), "object": (dict,), "boolean": (bool,)}


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict = field(default_factory=lambda: copy.deepcopy(NO_ARGS))
    arms: frozenset[str] = frozenset(ARMS)
    group: str = "base"  # "debugger" | "shell" | "files" | "control": the order tools are offered in
    kind: str = "shell"  # one of KINDS
    moves: bool | None = None  # changes where the program is shown paused (None: start and control do)
    stops: bool | None = None  # reports a stop (``DebuggerRecord.stop``) scoring reads (None: start and control do)
    shows_source: bool = False  # shows the source of the file the program is paused in (a read of that file)
    auxiliary: bool = False  # a secondary debugger call (the "auxiliary share" of the pdb_policy metrics)
    needs_program: bool = False  # only once start_debugger has started a program
    unavailable: str = ""  # what a model is told when it calls the tool in an arm without it
    list_fields: frozenset[str] = frozenset()  # integer fields that may also hold a list (answered per item)
    # What an inspection's values are: "scope" (a scope's names and their values) or "expression" (the
    # expression asked and its value); edit relevance reads names from the one, expressions from the other.
    values: str = ""
    scope: str = ""  # the scope a "scope" listing shows: "locals" (the selected frame's) or "globals"
    # What it does to the breakpoint at a file's line (``file`` and ``line`` arguments): "set" or "remove";
    # scoring reads where breakpoints were asked for, and a click on a line number in a live session calls them.
    breakpoints: str = ""
    whole_file: bool = False  # an edit that writes a whole file, creating it when missing (else it replaces text in one)
    key: str = ""  # the one key that calls it in a live session (pdb's letter where it has one)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"tool {self.name!r}: kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if self.values not in ("", "scope", "expression"):
            raise ValueError(f"tool {self.name!r}: values must be 'scope' or 'expression', not {self.values!r}")
        if self.scope not in ("", "locals", "globals"):
            raise ValueError(f"tool {self.name!r}: scope must be 'locals' or 'globals', not {self.scope!r}")
        if self.breakpoints not in ("", "set", "remove"):
            raise ValueError(f"tool {self.name!r}: breakpoints must be 'set' or 'remove', not {self.breakpoints!r}")
        if len(self.key) > 1 or self.key.isspace():
            raise ValueError(f"tool {self.name!r}: key must be one character, not {self.key!r}")
        if self.moves is None:
            object.__setattr__(self, "moves", self.kind in ("start", "control"))
        if self.stops is None:
            object.__setattr__(self, "stops", self.kind in ("start", "control"))

    @property
    def inspection(self) -> bool:
        """Reads runtime state (what edit relevance looks at)."""
        return self.kind == "inspection"

    @property
    def debugger(self) -> bool:
        return self.group == "debugger"

    def schema(self) -> dict:
        """The OpenAI function-calling schema offered to a model (a copy: callers may edit it)."""
        return {"type": "function", "function": {"name": self.name, "description": self.description,
                                                 "parameters": copy.deepcopy(self.parameters)}}

    def argument_problem(self, arguments: dict) -> str | None:
        """What is wrong with ``arguments`` (missing or mistyped fields), or None. Integers given as
        digit strings ("12") are accepted and converted in place."""
        properties = self.parameters.get("properties", {})
        required = self.parameters.get("required", [])
        example = ", ".join(f"{key}=…" for key in required) or "no arguments"
        for key in required:
            if key not in arguments or arguments[key] is None:
                return f"Error: {self.name} needs '{key}' ({example})."
        unknown = sorted(str(key)[:40] for key in arguments if key not in properties)
        if unknown:
            takes = f"it takes {', '.join(sorted(properties))}" if properties else "it takes no arguments"
            return (f"Error: {self.name} does not take {', '.join(map(repr, unknown))}; {takes}. Nothing was done.")
        for key, value in list(arguments.items()):
            spec = properties.get(key)
            if value is None:
                continue
            expected = spec.get("type")
            if expected == "integer" and isinstance(value, str) and value.strip().lstrip("-").isdigit():
                arguments[key] = int(value.strip())
                continue
            if expected == "integer" and isinstance(value, bool):
                return f"Error: {self.name}: '{key}' must be a whole number, not {value!r}."
            if expected == "integer" and isinstance(value, list) and key in self.list_fields:
                continue  # several lines of one file: add_breakpoint(file, line=[12, 20]) answers per line
            if expected in _TYPES and not isinstance(value, _TYPES[expected]):
                article = "an" if expected[0] in "aeiou" else "a"
                return (f"Error: {self.name}: '{key}' must be {article} {expected}, not {type(value).__name__} "
                        f"({str(value)[:40]!r}).")
        for key, value in arguments.items():
            problem = _invalid_text(value, key)
            if problem:
                return problem.replace("Error: ", f"Error: {self.name}: ", 1)
        return None


def _invalid_text(value, field: str, depth: int = 0) -> str | None:
    """The first string in ``value`` (nested lists and objects too) that is not valid text, described."""
    if isinstance(value, str):
        return text_problem(value, field)
    if depth > 20:
        return None  # JSON parsing already bounds the nesting; nothing this deep is a tool argument
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        problem = (_invalid_text(key, field, depth + 1) if isinstance(key, str) else None) or \
            _invalid_text(item, f"{field}[{key!r}]" if isinstance(key, str) else f"{field}[{key}]", depth + 1)
        if problem:
            return problem
    return None


class Catalogue:
    """The tools by name, in the order they are offered."""

    def __init__(self):
        self._tools: dict[str, Tool] = {}
        self.generation = 0  # counts changes, so groups derived from the entries know when to derive again

    def add(self, tool: Tool) -> Tool:
        if tool.name in self._tools:
            raise ValueError(f"a tool named {tool.name!r} is registered already")
        taken = next((t.name for t in self._tools.values() if tool.key and t.key == tool.key), None)
        if taken:
            raise ValueError(f"tool {tool.name!r}: the key {tool.key!r} calls {taken} already")
        self._tools[tool.name] = tool
        self.generation += 1
        return tool

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name) if isinstance(name, str) else None

    def remove(self, name: str) -> None:
        """Take a tool out again (tests that register one of their own)."""
        if self._tools.pop(name, None) is not None:
            self.generation += 1

    def tools(self, arm: str | None = None) -> list[Tool]:
        """Every tool, or those of ``arm``: the debugger's first, as models have always seen them."""
        chosen = [t for t in self._tools.values() if arm is None or check_arm(arm) in t.arms]
        return sorted(chosen, key=lambda t: t.group != "debugger")

    def names(self, arm: str | None = None) -> frozenset[str]:
        return frozenset(t.name for t in self.tools(arm))

    def schemas(self, arm: str) -> list[dict]:
        return [tool.schema() for tool in self.tools(arm)]


CATALOGUE = Catalogue()

__all__ = ["CATALOGUE", "KINDS", "NO_ARGS", "Catalogue", "Tool"]
