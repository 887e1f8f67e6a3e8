"""Turn a small filter spec into a JMESPath expression.

A spec is a list of (field, op, value) triples; the roster UI sends them as JSON.
"""

OPERATORS = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}


def literal(value):
    """Render a Python value as a JMESPath operand."""
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if isinstance(value, (int, float)):
        return f"`{value}`"
    if value is None:
        return "`null`"
    escaped = str(value).replace("'", "\\'")
    return f"'{escaped}'"


def condition(field, op, value):
    if op not in OPERATORS:
        raise ValueError(f"unknown operator {op!r}; use one of {', '.join(OPERATORS)}")
    return f"{field} {OPERATORS[op]} {literal(value)}"


def build_expression(collection, spec, project=None):
    parts = [condition(field, op, value) for field, op, value in spec]
    expr = collection
    if parts:
        expr += "[?" + " && ".join(parts) + "]"
    else:
        expr += "[]"
    if project:
        expr += "." + project
    return expr
