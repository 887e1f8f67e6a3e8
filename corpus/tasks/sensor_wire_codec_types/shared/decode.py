"""Reading wire records back into Python values."""

import json
from datetime import date, datetime
from decimal import Decimal


class DecodeError(ValueError):
    pass


DECODERS = {
    "null": lambda v: None,
    "bool": bool,
    "int": int,
    "float": float,
    "decimal": Decimal,
    "str": str,
    "date": date.fromisoformat,
    "datetime": datetime.fromisoformat,
}


def decode_value(wire):
    tag = wire.get("t")
    if tag == "list":
        return [decode_value(item) for item in wire["v"]]
    if tag == "map":
        return {key: decode_value(item) for key, item in wire["v"].items()}
    if tag not in DECODERS:
        raise DecodeError(f"unknown type tag {tag!r}")
    return DECODERS[tag](wire["v"])


def decode_record(line):
    try:
        raw = json.loads(line)
    except json.JSONDecodeError as exc:
        raise DecodeError(f"not a JSON record: {exc}") from None
    return {key: decode_value(value) for key, value in raw.items()}
