"""Sensor readings on the wire: every value travels as {"t": type tag, "v": JSON value}."""

import json
from collections.abc import Mapping
from datetime import date, datetime, timezone
from decimal import Decimal


class EncodeError(TypeError):
    pass


def encode_value(value):
    if value is None:
        return {"t": "null", "v": None}
    if isinstance(value, bool):
        return {"t": "bool", "v": value}
    if isinstance(value, int):
        return {"t": "int", "v": value}
    if isinstance(value, float):
        return {"t": "float", "v": value}
    if isinstance(value, Decimal):
        return {"t": "decimal", "v": str(value)}
    if isinstance(value, str):
        return {"t": "str", "v": value}
    if isinstance(value, datetime):
        if value.tzinfo is None:
            raise EncodeError(f"datetime {value.isoformat()} has no time zone; attach one before sending")
        return {"t": "datetime", "v": value.astimezone(timezone.utc).isoformat()}
    if isinstance(value, date):
        return {"t": "date", "v": value.isoformat()}
    if isinstance(value, (list, tuple)):
        return {"t": "list", "v": [encode_value(item) for item in value]}
    if isinstance(value, Mapping):
        return {"t": "map", "v": {str(k): encode_value(item) for k, item in value.items()}}
    raise EncodeError(f"cannot send a {type(value).__name__} ({value!r}); convert it to a basic type first")


def encode_record(record):
    """One reading (a flat dict of field -> value) as a JSON line."""
    return json.dumps({key: encode_value(value) for key, value in sorted(record.items())})
