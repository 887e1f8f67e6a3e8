"""Turns the shop's query strings (``?q=tee&colour=red&colour=blue``) into search arguments."""

from urllib.parse import parse_qs

KNOWN = ("q", "colour", "size", "max_price")


class BadQuery(ValueError):
    pass


def parse(querystring):
    params = parse_qs(querystring.lstrip("?"), keep_blank_values=False)
    unknown = sorted(set(params) - set(KNOWN))
    if unknown:
        raise BadQuery(f"unknown parameter(s): {', '.join(unknown)}")
    # Single values come out as plain strings; repeated ones keep all their values.
    flat = {key: values[0] if len(values) == 1 else values for key, values in params.items()}
    arguments = {"text": flat.pop("q", "")}
    if "max_price" in flat:
        try:
            arguments["max_price"] = int(flat.pop("max_price"))
        except (TypeError, ValueError):
            raise BadQuery("max_price must be a whole number") from None
    arguments.update(flat)
    return arguments
