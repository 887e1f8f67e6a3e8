"""A chainable query over one table. Every refinement returns a new query and leaves the one it
was called on usable as a base for other refinements."""

import copy

OPERATORS = ("=", "!=", "<", "<=", ">", ">=", "in")


class Query:
    def __init__(self, table):
        self.table = table
        self._filters = []
        self._excludes = []
        self._order = []
        self._limit = None

    def where(self, field, op, value):
        self._check(op)
        clone = self._clone()
        clone._filters.append((field, op, value))
        return clone

    def exclude(self, field, op, value):
        self._check(op)
        clone = self._clone()
        clone._excludes.append((field, op, value))
        return clone

    def order_by(self, *fields):
        clone = self._clone()
        clone._order.extend(fields)
        return clone

    def limit(self, count):
        clone = self._clone()
        clone._limit = count
        return clone

    @property
    def filters(self):
        return tuple(self._filters)

    @property
    def excludes(self):
        return tuple(self._excludes)

    @property
    def ordering(self):
        return tuple(self._order)

    @property
    def max_rows(self):
        return self._limit

    def _clone(self):
        return copy.copy(self)

    @staticmethod
    def _check(op):
        if op not in OPERATORS:
            raise ValueError(f"unknown operator {op!r}; use one of {', '.join(OPERATORS)}")
