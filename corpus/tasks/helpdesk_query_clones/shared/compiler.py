"""Turns a Query into what the repository runs: a row predicate, a sort key, and SQL for the logs."""

import operator

COMPARE = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
           ">": operator.gt, ">=": operator.ge, "in": lambda a, b: a in b}


def _test(row, condition):
    field, op, value = condition
    if field not in row:
        raise KeyError(f"no column {field!r}; rows have {', '.join(sorted(row))}")
    return COMPARE[op](row[field], value)


def predicate(query):
    filters, excludes = query.filters, query.excludes

    def matches(row):
        return all(_test(row, c) for c in filters) and not any(_test(row, c) for c in excludes)

    return matches


def sort_key(query):
    fields = query.ordering

    def key(row):
        return tuple(_Descending(row[f[1:]]) if f.startswith("-") else row[f] for f in fields)

    return key


class _Descending:
    def __init__(self, value):
        self.value = value

    def __lt__(self, other):
        return self.value > other.value

    def __eq__(self, other):
        return self.value == other.value


def to_sql(query):
    def cond(c):
        field, op, value = c
        return f"{field} {op.upper()} {tuple(value) if op == 'in' else repr(value)}"

    parts = [cond(c) for c in query.filters] + [f"NOT ({cond(c)})" for c in query.excludes]
    sql = f"SELECT * FROM {query.table}"
    if parts:
        sql += " WHERE " + " AND ".join(parts)
    if query.ordering:
        sql += " ORDER BY " + ", ".join(f"{f[1:]} DESC" if f.startswith("-") else f for f in query.ordering)
    if query.max_rows is not None:
        sql += f" LIMIT {query.max_rows}"
    return sql
