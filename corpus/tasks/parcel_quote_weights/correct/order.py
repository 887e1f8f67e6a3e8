import re
from dataclasses import dataclass

from catalog import listed_weight
from units import to_grams

LINE = re.compile(r"^\s*(?P<sku>[A-Z]+)\s*x\s*(?P<qty>\d+)\s*(?:@\s*(?P<weight>\S+))?\s*$")


@dataclass(frozen=True)
class Unit:
    sku: str
    weight_g: float


def parse_order(text):
    units = []
    for number, line in enumerate(text.strip().splitlines(), 1):
        match = LINE.match(line)
        if not match:
            raise ValueError(f"order line {number}: expected 'SKU x QTY [@ weight]', got {line.strip()!r}")
        sku, qty = match["sku"], int(match["qty"])
        if match["weight"]:
            weight = to_grams(match["weight"])
        else:
            weight = listed_weight(sku)
        units.extend(Unit(sku, weight) for _ in range(qty))
    return units
