"""An in-memory stand-in for the catalogue database: tables of rows keyed by 'sku'."""


class UnknownTable(KeyError):
    pass


class CatalogStore:
    def __init__(self, tables):
        self._tables = {name: sorted(rows, key=lambda r: r["sku"]) for name, rows in tables.items()}
        self.scans = 0

    def scan(self, table, after=None):
        """Rows in key order, starting after the key ``after`` when given."""
        if table not in self._tables:
            raise UnknownTable(f"no table {table!r}; known tables: {', '.join(sorted(self._tables))}")
        self.scans += 1
        for row in self._tables[table]:
            if after is None or row["sku"] > after:
                yield dict(row)
