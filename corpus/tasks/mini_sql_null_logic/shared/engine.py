"""Run parsed SELECT queries over in-memory tables (lists of dicts)."""

from sql_ast import Call, Column, Star
from sql_eval import SqlRuntimeError, evaluate
from sql_parser import parse

AGGREGATES = ("COUNT", "SUM", "AVG", "MIN", "MAX")


def _is_aggregate(expr):
    return isinstance(expr, Call) and expr.name in AGGREGATES


def _aggregate(call, rows):
    if isinstance(call.args[0], Star):
        if call.name != "COUNT":
            raise SqlRuntimeError(f"{call.name}(*) is not allowed; name a column")
        return len(rows)
    values = [v for v in (evaluate(call.args[0], row) for row in rows) if v is not None]
    if call.name == "COUNT":
        return len(values)
    if not values:
        return None
    if call.name == "SUM":
        return sum(values)
    if call.name == "AVG":
        return sum(values) / len(values)
    return min(values) if call.name == "MIN" else max(values)


def _sort_key(value):
    # NULLs sort after every value, whichever the direction.
    return (value is None, value if value is not None else 0)


class Database:
    def __init__(self, tables=None):
        self.tables = {name: [dict(row) for row in rows] for name, rows in (tables or {}).items()}

    def execute(self, sql):
        query = parse(sql)
        if query.table not in self.tables:
            raise SqlRuntimeError(f"no table {query.table!r}; tables are {', '.join(sorted(self.tables))}")
        rows = self.tables[query.table]
        if query.where is not None:
            rows = [row for row in rows if evaluate(query.where, row) is True]
        if any(_is_aggregate(expr) for expr, _ in query.columns):
            if not all(_is_aggregate(expr) for expr, _ in query.columns):
                raise SqlRuntimeError("mixing aggregates and plain columns needs GROUP BY, which is not supported")
            return [tuple(_aggregate(expr, rows) for expr, _ in query.columns)]
        aliases = {name: expr for expr, name in query.columns if not isinstance(expr, Star)}
        for expr, descending in reversed(query.order_by):
            if isinstance(expr, Column) and expr.name in aliases and rows and expr.name not in rows[0]:
                expr = aliases[expr.name]
            present = [r for r in rows if evaluate(expr, r) is not None]
            missing = [r for r in rows if evaluate(expr, r) is None]
            present.sort(key=lambda r, e=expr: _sort_key(evaluate(e, r)), reverse=descending)
            rows = present + missing
        if query.limit is not None:
            rows = rows[:query.limit]
        out = []
        for row in rows:
            values = []
            for expr, _ in query.columns:
                if isinstance(expr, Star):
                    values.extend(row.values())
                else:
                    values.append(evaluate(expr, row))
            out.append(tuple(values))
        return out

    def column_names(self, sql):
        query = parse(sql)
        names = []
        for expr, name in query.columns:
            names.extend(self.tables[query.table][0].keys() if isinstance(expr, Star) else [name])
        return names
