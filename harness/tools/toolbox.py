"""The ``Toolbox`` a session routes every call through, and the edit events components subscribe to.

The toolbox looks the tool up in the catalogue, checks the arm, the arguments and whether a program
is running, then calls the handler the registry binds to it with the session. A refusal a component raises
(``DebuggerError``, ``FileToolError``) becomes an ``Error: …`` observation.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from harness import untrusted_json
from harness.debugger import DebuggerError
from harness.files import FileChange, FileToolError
from harness.records.observation import Observation
from harness.tools.registry import REGISTRY, Registry

EditListener = Callable[[FileChange], str | None]


class EditEvents:
    """Announces each successful edit to its subscribers; what they answer becomes notes for the model."""

    def __init__(self):
        self._listeners: list[EditListener] = []

    def subscribe(self, listener: EditListener) -> None:
        self._listeners.append(listener)

    def announce(self, change: FileChange) -> list[str]:
        return [note for note in (listener(change) for listener in self._listeners) if note]


class Toolbox:
    def __init__(self, arm: str, registry: Registry = REGISTRY):
        self.arm = arm
        self.registry = registry
        self.offered = registry.names(arm)

    def call(self, session, name, arguments) -> Observation:
        if not isinstance(name, str) or not name:
            return Observation.failure("Error: a tool call needs a tool name, e.g. {\"name\": \"bash\", ...}.")
        arguments, problem = as_arguments(arguments)
        if problem:
            return Observation.failure(problem)
        tool = self.registry.get(name)
        if tool is None:
            return Observation.failure(f"Error: unknown tool {name[:60]!r}. Available tools: "
                                       f"{', '.join(sorted(self.offered))}.")
        if self.arm not in tool.arms:
            return Observation.failure(tool.unavailable or f"Error: {name} is not available in this episode.")
        problem = tool.argument_problem(arguments)
        if problem:
            return Observation.failure(problem)
        if tool.needs_program and not session.debugger.started:
            return Observation.failure(f"Error: Tool '{name}' requires start_debugger to be called first. "
                                       f"Call start_debugger(file=...) first, then you can use {name}.")
        handler = self.registry.handler(name)
        if handler is None:
            return Observation.failure(f"Error: {name} is declared but this session has no handler for it.")
        try:
            return handler(session, arguments)
        except (DebuggerError, FileToolError) as exc:
            return Observation.failure(str(exc))


def as_arguments(arguments) -> tuple[dict, str | None]:
    """Arguments as a dict; models sometimes send a JSON string instead of an object."""
    if arguments is None:
        return {}, None
    if isinstance(arguments, str):
        try:
            arguments = untrusted_json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError as exc:
            return {}, f"Error: the arguments are not valid JSON ({exc.msg} at column {exc.colno}); send an object."
        except untrusted_json.TooDeep as exc:
            return {}, f"Error: the arguments cannot be used: {exc}."
    if not isinstance(arguments, dict):
        return {}, f"Error: arguments must be a JSON object of named fields, not {type(arguments).__name__}."
    return dict(arguments), None
