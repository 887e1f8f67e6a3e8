"""A budget sheet: cells hold numbers or formulas; values are computed on demand and cached."""

from formula import REF, evaluate


class CycleError(Exception):
    def __init__(self, path):
        super().__init__(" -> ".join(path))
        self.path = path


class Sheet:
    def __init__(self, cells=None):
        self._cells = {}
        self._values = {}
        for ref, text in (cells or {}).items():
            self.set(ref, text)

    def set(self, ref, text):
        ref = ref.upper()
        if not REF.fullmatch(ref):
            raise KeyError(f"{ref!r} is not a cell name like B7")
        self._cells[ref] = str(text)
        self._values.clear()

    def value(self, ref):
        return self._value(ref.upper(), ())

    def _value(self, ref, path):
        if ref in self._values:
            return self._values[ref]
        inner = self._enter(path, ref)
        result = evaluate(self._cells.get(ref, ""), lambda other: self._value(other, inner))
        self._values[ref] = result
        return result

    @staticmethod
    def _enter(path, ref):
        """Follow a reference to ``ref``; a reference back to a cell still being computed is a cycle."""
        if ref in path:
            raise CycleError(list(path[path.index(ref):]) + [ref])
        return path + (ref,)

    def formula(self, ref):
        return self._cells.get(ref.upper(), "")

    def refs(self):
        return sorted(self._cells, key=lambda ref: (int(ref[1:]), ref[0]))
