"""Export an entity graph as nested JSON. A link back to an object that is still being
written out (a real cycle) becomes {"$ref": "<path of that object>"}; everything else,
including objects shared by several parents, is written out in full where it appears."""

import json


class ExportError(ValueError):
    pass


def export(root, max_depth=20):
    open_paths = {}

    def visit(entity, path, depth):
        if depth > max_depth:
            raise ExportError(f"graph deeper than {max_depth} at {path}")
        key = id(entity)
        if key in open_paths:
            return {"$ref": open_paths[key]}
        open_paths[key] = path
        try:
            node = {"kind": entity.kind, "name": entity.name, **entity.scalars()}
            for field, value in entity.references():
                if isinstance(value, list):
                    node[field] = [visit(item, f"{path}.{field}[{i}]", depth + 1) for i, item in enumerate(value)]
                else:
                    node[field] = visit(value, f"{path}.{field}", depth + 1)
            return node
        finally:
            # Leaving the object closes it: a later visit is a shared reference, not a cycle.
            del open_paths[key]

    return visit(root, "$", 0)


def to_json(root):
    return json.dumps(export(root), sort_keys=True)
