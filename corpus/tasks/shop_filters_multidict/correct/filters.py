"""Search filters from query parameters: some fields take several values (any of them matches),
prices take a range."""

from dataclasses import dataclass

MULTI = ("colour", "size", "brand")
RANGES = ("price_min", "price_max")


@dataclass(frozen=True)
class Filter:
    field: str
    op: str
    value: object


def build_filters(params):
    filters = []
    for key in params:
        if key in MULTI:
            # Every value given for the key, not just the last one: ?size=S&size=M means S or M.
            values = tuple(v for v in params.getlist(key) if v)
            if values:
                filters.append(Filter(key, "in", values))
            continue
        value = params[key]
        if key in RANGES:
            try:
                amount = float(value)
            except ValueError:
                raise ValueError(f"{key} must be a number, got {value!r}") from None
            filters.append(Filter("price", ">=" if key == "price_min" else "<=", amount))
        elif key == "q":
            filters.append(Filter("title", "contains", value.lower()))
    return filters
