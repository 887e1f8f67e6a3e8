"""Inline $ref's so the form builder gets one self-contained schema. A reference back into a
definition that is already being inlined (a recursive type) is kept as {"$ref": ...}."""

from pointers import normalise_ref, resolve_pointer


def inline(document, max_depth=50):
    def expand(node, active, depth):
        if depth > max_depth:
            raise RecursionError(f"schema nests deeper than {max_depth} levels")
        if isinstance(node, list):
            return [expand(item, active, depth + 1) for item in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            ref = normalise_ref(node["$ref"])
            if ref in active:
                return {"$ref": normalise_ref(ref)}
            target = resolve_pointer(document, ref)
            return expand(target, active | {normalise_ref(ref)}, depth + 1)
        return {key: expand(value, active, depth + 1) for key, value in node.items() if key != "definitions"}

    return expand(document, frozenset(), 0)


def field_names(schema):
    """Top-level property names, with nested objects as dotted names, stopping at kept $refs."""
    names = []

    def walk(node, prefix):
        for name, prop in node.get("properties", {}).items():
            names.append(prefix + name)
            if prop.get("type") == "object":
                walk(prop, prefix + name + ".")

    walk(schema, "")
    return names
