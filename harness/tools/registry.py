"""The session side of the tool surface: each catalogue entry (``harness.records.catalogue``) bound to
its handler, ``handler(session, arguments) -> Observation``. The catalogue says what a tool is; this
says what it does, so the records never load the debugger. Stdlib only: runs inside sandboxes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from harness.records.catalogue import CATALOGUE, NO_ARGS, Catalogue, Tool
from harness.records.observation import Observation

Handler = Callable[[Any, dict], Observation]


class Registry:
    """The catalogue's tools and the handler each is bound to."""

    def __init__(self, catalogue: Catalogue = CATALOGUE):
        self.catalogue = catalogue
        self._handlers: dict[str, Handler] = {}

    def bind(self, handlers: dict[str, Handler]) -> None:
        """Bind declared tools to their handlers; a name the catalogue does not hold is a mistake."""
        unknown = sorted(name for name in handlers if self.catalogue.get(name) is None)
        if unknown:
            raise ValueError(f"no catalogue entry for {', '.join(unknown)}: declare it in harness.records first")
        self._handlers.update(handlers)

    def add(self, tool: Tool, handler: Handler) -> Tool:
        """Declare a tool and bind it at once (a test's own tool, a plugin)."""
        self.catalogue.add(tool)
        self._handlers[tool.name] = handler
        return tool

    def remove(self, name: str) -> None:
        self.catalogue.remove(name)
        self._handlers.pop(name, None)

    def get(self, name: str) -> Tool | None:
        return self.catalogue.get(name)

    def handler(self, name: str) -> Handler | None:
        return self._handlers.get(name)

    def tools(self, arm: str | None = None) -> list[Tool]:
        return self.catalogue.tools(arm)

    def names(self, arm: str | None = None) -> frozenset[str]:
        return self.catalogue.names(arm)

    def schemas(self, arm: str) -> list[dict]:
        return self.catalogue.schemas(arm)


REGISTRY = Registry()

__all__ = ["NO_ARGS", "REGISTRY", "Handler", "Registry", "Tool"]
