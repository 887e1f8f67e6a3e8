"""An in-memory database schema that migrations change."""


class SchemaError(RuntimeError):
    pass


class Schema:
    def __init__(self):
        self.tables = {}
        self.indexes = set()

    def create_table(self, name, columns):
        if name in self.tables:
            raise SchemaError(f"table {name} already exists")
        self.tables[name] = list(columns)

    def add_column(self, table, column):
        if table not in self.tables:
            raise SchemaError(f"no table {table}")
        if column in self.tables[table]:
            raise SchemaError(f"column {table}.{column} already exists")
        self.tables[table].append(column)

    def rename_column(self, table, old, new):
        cols = self.tables.get(table)
        if cols is None or old not in cols:
            raise SchemaError(f"no column {table}.{old}")
        cols[cols.index(old)] = new

    def add_index(self, table, column):
        if column not in self.tables.get(table, []):
            raise SchemaError(f"cannot index missing column {table}.{column}")
        self.indexes.add(f"{table}.{column}")
