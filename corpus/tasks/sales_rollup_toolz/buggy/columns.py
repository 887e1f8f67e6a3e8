"""Report columns: a name, a dotted path into a sales record, and a default."""

from dataclasses import dataclass


class ColumnConfigError(ValueError):
    pass


def parse_path(spec):
    if not spec or spec.startswith(".") or spec.endswith("."):
        raise ColumnConfigError(f"bad column path {spec!r}: use dotted keys like 'amount.net'")
    return map(str.strip, spec.split("."))


@dataclass
class Column:
    name: str
    path: object
    default: object = 0


def columns_from_config(config):
    columns = []
    for name, entry in config.items():
        if isinstance(entry, str):
            entry = {"path": entry}
        if "path" not in entry:
            raise ColumnConfigError(f"column {name!r} has no 'path'")
        columns.append(Column(name, parse_path(entry["path"]), entry.get("default", 0)))
    return columns
