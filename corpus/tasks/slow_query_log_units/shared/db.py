"""A database handle that times every statement and feeds the slow-query log."""

from timing import Stopwatch


class UnknownTable(Exception):
    pass


class Database:
    """An in-memory stand-in: tables of rows; each statement costs ``costs_ms[kind]`` of clock time."""

    def __init__(self, clock_ns, slowlog, tables=None, costs_ms=None):
        self.clock_ns = clock_ns
        self.slowlog = slowlog
        self.tables = {name: list(rows) for name, rows in (tables or {}).items()}
        self.costs_ms = {"ping": 1, "select": 5, "insert": 2, **(costs_ms or {})}
        self.execute("ping", "SELECT 1")

    def execute(self, kind, sql, table=None, row=None):
        with Stopwatch(self.clock_ns) as watch:
            self.clock_ns.spend_ms(self.costs_ms[kind])
            result = self._run(kind, table, row)
        self.slowlog.record(sql, watch.elapsed_ns)
        return result

    def _run(self, kind, table, row):
        if kind == "ping":
            return 1
        if table not in self.tables:
            raise UnknownTable(f"no table {table!r}")
        if kind == "insert":
            self.tables[table].append(row)
            return 1
        return list(self.tables[table])
