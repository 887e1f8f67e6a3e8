"""Matching request paths against route patterns, and building paths back from a route's name."""

import re

from pattern import KINDS, Literal, Optional, Param, RouteError, parse

CONVERT = {"int": int, "str": str, "slug": str}


def to_regex(parts):
    out = []
    for part in parts:
        if isinstance(part, Literal):
            out.append(re.escape(part.text))
        elif isinstance(part, Param):
            out.append(f"(?P<{part.name}>{KINDS[part.kind]})")
        else:
            out.append(f"(?:{to_regex(part.parts)})?")
    return "".join(out)


def params_of(parts):
    found = {}
    for part in parts:
        if isinstance(part, Param):
            found[part.name] = part.kind
        elif isinstance(part, Optional):
            found.update(params_of(part.parts))
    return found


class Router:
    def __init__(self):
        self.routes = []

    def add(self, name, pattern, handler):
        parts = parse(pattern)
        self.routes.append((name, parts, re.compile(to_regex(parts) + r"\Z"), handler))

    def match(self, path):
        for name, parts, regex, handler in self.routes:
            found = regex.match(path)
            if found:
                kinds = params_of(parts)
                args = {key: CONVERT[kinds[key]](value) for key, value in found.groupdict().items() if value is not None}
                return name, handler, args
        return None

    def dispatch(self, path):
        found = self.match(path)
        if found is None:
            return 404, f"no route for {path}"
        name, handler, args = found
        return 200, handler(**args)

    def url_for(self, name, **values):
        for route_name, parts, _, _ in self.routes:
            if route_name == name:
                return _build(parts, values, required=True)
        raise RouteError(f"no route named {name!r}")


def _build(parts, values, required):
    out = []
    for part in parts:
        if isinstance(part, Literal):
            out.append(part.text)
        elif isinstance(part, Param):
            if part.name not in values:
                if required:
                    raise RouteError(f"missing value for {{{part.name}}}")
                return None
            out.append(str(values[part.name]))
        else:
            inner = _build(part.parts, values, required=False)
            if inner is not None:
                out.append(inner)
    return "".join(out)
