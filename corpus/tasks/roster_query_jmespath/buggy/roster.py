import jmespath

from filters import build_expression


class Roster:
    def __init__(self, people):
        self.document = {"people": list(people)}
        self._compiled = {}

    def _compile(self, expr):
        if expr not in self._compiled:
            self._compiled[expr] = jmespath.compile(expr)
        return self._compiled[expr]

    def query(self, spec, project=None):
        expr = build_expression("people", spec, project)
        result = self._compile(expr).search(self.document)
        return result or []

    def names(self, spec):
        return sorted(self.query(spec, project="name"))

    def count(self, spec):
        return len(self.query(spec))

    def average(self, field, spec=()):
        values = [p[field] for p in self.query(list(spec)) if p.get(field) is not None]
        if not values:
            return None
        return sum(values) / len(values)
