"""Read an exported graph back: nested JSON with {"$ref": path} links becomes entities again."""

import re

from model import Person, Project, Team

KINDS = {"person": Person, "project": Project, "team": Team}
STEP = re.compile(r"\.([A-Za-z_]\w*)(?:\[(\d+)\])?")


class ImportError_(ValueError):
    pass


def _resolve(path, built):
    if path not in built:
        raise ImportError_(f"$ref {path!r} points at nothing written before it")
    return built[path]


def load(data):
    built = {}

    def make(node, path):
        if "$ref" in node:
            return _resolve(node["$ref"], built)
        kind = node.get("kind")
        if kind not in KINDS:
            raise ImportError_(f"{path}: unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
        entity = KINDS[kind](node["name"])
        built[path] = entity
        for key, value in node.items():
            if key in ("kind", "name"):
                continue
            if isinstance(value, dict):
                entity.fields[key] = make(value, f"{path}.{key}")
            elif isinstance(value, list) and value and isinstance(value[0], dict):
                entity.fields[key] = [make(item, f"{path}.{key}[{i}]") for i, item in enumerate(value)]
            else:
                entity.fields[key] = value
        return entity

    return make(data, "$")


def split_path(path):
    if not path.startswith("$"):
        raise ImportError_(f"paths start with '$', got {path!r}")
    return [(name, int(index) if index else None) for name, index in STEP.findall(path[1:])]
