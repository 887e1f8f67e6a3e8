"""Stock of an electronics distributor: part codes, bins, unit weights; order lines become picks."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Part:
    code: str
    description: str
    bin: str
    grams: float


class UnknownPart(KeyError):
    pass


class Stock:
    def __init__(self, parts):
        self._parts = {p.code: p for p in parts}

    def lookup(self, code):
        try:
            return self._parts[code]
        except KeyError:
            raise UnknownPart(f"no part {code!r} in stock") from None

    def picks(self, order_lines):
        """Rows for the pick list: one per order line, walked bin by bin."""
        rows = []
        for code, qty in order_lines:
            part = self.lookup(code)
            rows.append({"bin": part.bin, "part": part.code, "description": part.description,
                         "qty": qty, "kg": round(part.grams * qty / 1000, 3)})
        return sorted(rows, key=lambda r: (r["bin"], r["part"]))
