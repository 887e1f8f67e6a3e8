"""Route patterns: literal text, parameters '{name}' or '{name:kind}', and optional parts in
square brackets, which may nest: '/blog[/{year:int}[/{month:int}]]/feed'."""

from dataclasses import dataclass

KINDS = {"str": r"[^/]+", "int": r"\d+", "slug": r"[a-z0-9-]+"}


class RouteError(ValueError):
    pass


@dataclass(frozen=True)
class Literal:
    text: str


@dataclass(frozen=True)
class Param:
    name: str
    kind: str


@dataclass(frozen=True)
class Optional:
    parts: tuple


def parse(pattern):
    if not pattern.startswith("/"):
        raise RouteError(f"route {pattern!r} must start with '/'")
    parts, _ = _parse(pattern, 0)
    return parts


def _param(pattern, start):
    end = pattern.find("}", start)
    if end < 0:
        raise RouteError(f"route {pattern!r}: '{{' at {start} is never closed")
    name, _, kind = pattern[start + 1:end].partition(":")
    kind = kind or "str"
    if not name.isidentifier() or kind not in KINDS:
        raise RouteError(f"route {pattern!r}: bad parameter {pattern[start:end + 1]!r}")
    return Param(name, kind), end + 1


def _parse(pattern, pos):
    parts, text = [], ""
    while pos < len(pattern):
        char = pattern[pos]
        if char in "[]{":
            if text:
                parts.append(Literal(text))
                text = ""
        if char == "[":
            inner, _ = _parse(pattern, pos + 1)
            parts.append(Optional(tuple(inner)))
            pos = pattern.index("]", pos) + 1
        elif char == "]":
            return tuple(parts), pos + 1
        elif char == "{":
            param, pos = _param(pattern, pos)
            parts.append(param)
        else:
            text += char
            pos += 1
    if text:
        parts.append(Literal(text))
    return tuple(parts), pos
