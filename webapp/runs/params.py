"""Typed job arguments: each job kind declares its arguments as a frozen dataclass (a ``JobParams``), read
as attributes. ``of(stored)`` reads a job's stored JSON (``Job.params``) and refuses, naming each field,
an argument that is missing, of the wrong type or unknown; ``to_json()`` is what a job stores.

The launch forms check what a person typed (choices, ranges, the catalog); these classes check the
shape of what was stored, so a job created in code (a child job, a retry of an old job) is checked
too, and a kind's ``run`` reads ``params.max_turns`` rather than ``params["max_turns"]``.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, ClassVar, Self, Union


class JobParamsError(ValueError):
    """Arguments a job type refuses: ``errors`` maps each field to what is wrong with it."""

    def __init__(self, errors: dict[str, list[str]]):
        self.errors = {field: [str(m) for m in messages] for field, messages in errors.items()}
        super().__init__("; ".join(f"{field}: {' '.join(messages)}" if field != "__all__" else " ".join(messages)
                                   for field, messages in self.errors.items()))


def _type_name(hint) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


def _fits(value, hint) -> bool:
    """Whether a JSON value fits the annotation ``hint`` (str, int, float, bool, list[X], X | None)."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        return any(_fits(value, arm) for arm in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is Any:
        return True
    if origin is list:
        (item,) = typing.get_args(hint) or (Any,)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if origin is dict or hint is dict:
        return isinstance(value, dict)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    raise TypeError(f"a job argument cannot be declared as {hint!r}")


@dataclasses.dataclass(frozen=True)
class JobParams:
    """The arguments of one job kind. Subclasses are frozen dataclasses of JSON-able fields."""

    kind: ClassVar[str] = "job"  # named in errors

    @classmethod
    def of(cls, stored: Mapping[str, Any] | None) -> Self:
        """The arguments of a stored job; JobParamsError names each field that is missing, of the wrong
        type, or not an argument of this kind."""
        stored = dict(stored or {})
        hints = typing.get_type_hints(cls)
        errors: dict[str, list[str]] = {}
        values: dict[str, Any] = {}
        names = []
        for field in dataclasses.fields(cls):
            if not field.init:
                continue
            names.append(field.name)
            if field.name not in stored:
                if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                    errors[field.name] = [f"missing; {cls.kind} jobs need it"]
                continue
            value = stored.pop(field.name)
            if not _fits(value, hints[field.name]):
                errors[field.name] = [f"expected {_type_name(hints[field.name])}, got {type(value).__name__} "
                                      f"{str(value)[:60]!r}"]
                continue
            values[field.name] = list(value) if isinstance(value, list) else value
        if stored:
            errors["__all__"] = [f"not an argument of {cls.kind} jobs: {', '.join(sorted(stored))} "
                                 f"(they take {', '.join(names)})"]
        if errors:
            raise JobParamsError(errors)
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        return {field.name: (list(value) if isinstance(value := getattr(self, field.name), list | tuple) else value)
                for field in dataclasses.fields(self)}

    def replace(self, **changes) -> Self:
        return dataclasses.replace(self, **changes)
