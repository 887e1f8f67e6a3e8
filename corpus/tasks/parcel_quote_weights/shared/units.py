import re

FACTORS = {"g": 1.0, "kg": 1000.0, "lb": 453.59237, "oz": 28.349523125}
WEIGHT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(g|kg|lb|oz)\s*$")


class WeightError(ValueError):
    pass


def to_grams(text):
    match = WEIGHT.match(text)
    if not match:
        raise WeightError(f"cannot read weight {text!r}; write it like '350g', '2.5kg' or '1.2lb'")
    value, unit = match.groups()
    return float(value) * FACTORS[unit]
