"""Inspect AI's entry point for Stepwise (``[project.entry-points.inspect_ai] stepwise = ...`` in
pyproject.toml): importing it registers ``stepwise/debug_repair``, so
``inspect eval stepwise/debug_repair`` finds the task once the project is installed."""

from __future__ import annotations

from inspect_ai import task

from harness.interop import inspect_task

# The same task function, registered under the entry point's namespace (the module itself lives in
# the ``harness`` package, which Inspect would not prefix with ``stepwise/``).
debug_repair = task(name="stepwise/debug_repair")(inspect_task.debug_repair.__wrapped__)  # type: ignore[attr-defined]

__all__ = ["debug_repair"]
