"""Exports the chart for the finance dashboard as plain JSON."""

import json

import attrs


def to_dict(department):
    # The parent link points back up the tree; following it would recurse forever.
    parent = attrs.fields(type(department)).parent
    return attrs.asdict(department, recurse=True, filter=attrs.filters.exclude(parent))


def to_json(department):
    return json.dumps(to_dict(department), sort_keys=True)


def flatten(department):
    rows = [{"path": department.path(), "budget": department.budget, "total": department.total_budget()}]
    for child in department.children:
        rows.extend(flatten(child))
    return rows
